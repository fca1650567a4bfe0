import { MailLayout, P, UrlLink } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface SchoolInviteProps {
  brand: MailBrand;
  inviterName: string;
  schoolName: string;
  days: number;
  url: string;
}

export const schoolInviteMail = defineMail<SchoolInviteProps>({
  subject: ({ brand, inviterName, schoolName }) => `${inviterName} invited you to ${schoolName} on ${brand.brandName}`,
  body: ({ brand, inviterName, schoolName, days, url }) => (
    <MailLayout brand={brand} preview={`Join ${schoolName} on ${brand.brandName}`}>
      <P>Hello,</P>
      <P>{`${inviterName} has invited you to join ${schoolName} on ${brand.brandName}, where your school's training courses are waiting for you.`}</P>
      <P>{`Open this link within ${days} days to create your account (or sign in) and join:`}</P>
      <UrlLink href={url} />
      <P>If you were not expecting this, you can ignore this e-mail.</P>
    </MailLayout>
  ),
});
