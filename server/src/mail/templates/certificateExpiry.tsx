import { formatDueDate } from '@atrium/common';
import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';
import { UnsubscribeNote } from '../unsubscribe.tsx';

export interface CertificateExpiryProps {
  brand: MailBrand;
  firstName: string | null;
  courseTitle: string;
  certificateNumber: string;
  /** YYYY-MM-DD */
  expiresOn: string;
  courseUrl: string;
  unsubscribeUrl: string;
}

export const certificateExpiryMail = defineMail<CertificateExpiryProps>({
  subject: ({ courseTitle, expiresOn }) => `Your ${courseTitle} certificate expires on ${formatDueDate(expiresOn)}`,
  body: ({ brand, firstName, courseTitle, certificateNumber, expiresOn, courseUrl, unsubscribeUrl }) => (
    <MailLayout brand={brand} preview={`Renew your ${courseTitle} certificate`}>
      <P>{`Hello ${firstName ?? ''}`.trim() + ','}</P>
      <P>{`Your certificate ${certificateNumber} for "${courseTitle}" stays valid until ${formatDueDate(expiresOn)}. To stay current, take the course again before then; you will receive a new certificate.`}</P>
      <UrlLink href={courseUrl} />
      <UnsubscribeNote why="You get this because the course's certificates are valid for a limited time." url={unsubscribeUrl} />
    </MailLayout>
  ),
});
