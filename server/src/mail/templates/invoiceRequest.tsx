import { formatMoney, orderReference } from '@atrium/common';
import { Lines, MailLayout, P } from '../layout.tsx';
import { defineMail, type MailBrand } from '../render.ts';

export interface InvoiceRequestProps {
  brand: MailBrand;
  orderId: number;
  courseTitle: string;
  amount: number;
  /** ISO code of `amount`'s currency; pounds when absent. */
  currency?: string;
  schoolName: string;
  /** Set when the order licenses a school rather than enrolling the buyer alone. */
  schoolId: number | null;
  buyer: { name: string; email: string };
  billingEmail: string;
  purchaseOrderNumber: string | null;
}

/** To the support inbox: who wants an invoice for what, and what marking it paid will do. */
export const invoiceRequestMail = defineMail<InvoiceRequestProps>({
  subject: ({ courseTitle, schoolName }) => `Invoice request: ${courseTitle} for ${schoolName}`,
  body: ({ brand, orderId, courseTitle, amount, currency, schoolName, schoolId, buyer, billingEmail, purchaseOrderNumber }) => (
    <MailLayout brand={brand} preview={`Invoice request ${orderReference(orderId)}`}>
      <P>{`${schoolName} asked to pay for "${courseTitle}" (${formatMoney(amount, currency ?? 'GBP', 'en-GB')}) by invoice.`}</P>
      <Lines
        lines={[
          `Requested by: ${buyer.name} <${buyer.email}>`,
          `Send the invoice to: ${billingEmail}`,
          `Purchase order number: ${purchaseOrderNumber ?? 'none given'}`,
          `Order reference: ${orderReference(orderId)}`,
        ]}
      />
      <P>
        {schoolId
          ? `When it is paid, mark order ${orderReference(orderId)} as paid in the admin area: that licenses ${schoolName} (school #${schoolId}) for every member.`
          : `When it is paid, mark order ${orderReference(orderId)} as paid in the admin area to enroll the buyer.`}
      </P>
    </MailLayout>
  ),
});

export type InvoiceReceiptProps = Pick<InvoiceRequestProps, 'brand' | 'orderId' | 'courseTitle' | 'amount' | 'currency' | 'schoolName'>;

/** To the billing address: the request arrived, and what happens next. */
export const invoiceReceiptMail = defineMail<InvoiceReceiptProps>({
  subject: ({ courseTitle }) => `Your invoice request for ${courseTitle}`,
  body: ({ brand, orderId, courseTitle, amount, currency, schoolName }) => (
    <MailLayout brand={brand} preview={`Invoice request ${orderReference(orderId)} received`}>
      <Lines
        lines={[
          `Thank you. We have received your request to pay for "${courseTitle}" (${formatMoney(amount, currency ?? 'GBP', 'en-GB')}) by invoice for ${schoolName}.`,
          `Order reference: ${orderReference(orderId)}.`,
        ]}
      />
      <Lines lines={['We will send the invoice to this address. Access is given as soon as it is paid.', `Questions: ${brand.supportEmail}`]} />
    </MailLayout>
  ),
});
