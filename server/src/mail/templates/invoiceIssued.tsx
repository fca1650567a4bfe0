import { formatMoney } from '@atrium/common';
import { Lines, MailLayout } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface InvoiceIssuedProps {
  brand: MailBrand;
  invoiceNumber: string;
  courseTitle: string;
  schoolName: string;
  /** Minor units of `currency`, tax included. */
  gross: number;
  currency: string;
}

/**
 * To the billing address when an admin issues the invoice: the PDF is attached. The school's name
 * is the buyer's words, sent to an address they typed, so it is quoted as a name, never read as
 * the agency's own sentence.
 */
export const invoiceIssuedMail = defineMail<InvoiceIssuedProps>({
  subject: ({ invoiceNumber, courseTitle }) => `Invoice ${invoiceNumber}: ${courseTitle}`,
  body: ({ brand, invoiceNumber, courseTitle, schoolName, gross, currency }) => (
    <MailLayout brand={brand} preview={`Invoice ${invoiceNumber}`}>
      <Lines
        lines={[
          `Please find attached invoice ${invoiceNumber} for "${courseTitle}" for the school named “${schoolName}”: ${formatMoney(gross, currency, 'en-GB')} to pay.`,
          'How and when to pay is written at the foot of the invoice. Access is given as soon as it is paid.',
          `Questions: ${brand.supportEmail}`,
        ]}
      />
    </MailLayout>
  ),
});

/** To the billing address when an admin marks the invoice paid: the receipt PDF is attached. */
export const invoicePaidMail = defineMail<InvoiceIssuedProps>({
  subject: ({ invoiceNumber }) => `Receipt for invoice ${invoiceNumber}`,
  body: ({ brand, invoiceNumber, courseTitle, schoolName, gross, currency }) => (
    <MailLayout brand={brand} preview={`Invoice ${invoiceNumber} paid`}>
      <Lines
        lines={[
          `Thank you: we have received ${formatMoney(gross, currency, 'en-GB')} for invoice ${invoiceNumber} ("${courseTitle}" for the school named “${schoolName}”). The receipt is attached.`,
          `Questions: ${brand.supportEmail}`,
        ]}
      />
    </MailLayout>
  ),
});
