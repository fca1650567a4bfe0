import { formatMoney, orderReference } from '@atrium/common';
import { Lines, MailLayout, P, Quote } from '../layout.tsx';
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

/**
 * What the buyer typed, quoted as theirs: the school's name, the billing address and the
 * purchase-order number are whatever someone wrote, so they stay out of both Subjects and appear
 * in the bodies only inside a quotation (the invitations' rule).
 */
function buyerWords({ schoolName, billingEmail, purchaseOrderNumber }: Pick<InvoiceRequestProps, 'schoolName' | 'billingEmail' | 'purchaseOrderNumber'>) {
  return (
    <Quote
      lines={[
        ['School or organisation', schoolName],
        ['Send the invoice to', billingEmail],
        ...(purchaseOrderNumber ? [['Purchase order number', purchaseOrderNumber] as [string, string]] : []),
      ]}
    />
  );
}

const price = ({ amount, currency }: Pick<InvoiceRequestProps, 'amount' | 'currency'>) => formatMoney(amount, currency ?? 'GBP', 'en-GB');

/** To the support inbox: who wants an invoice for what, and what marking it paid will do. */
export const invoiceRequestMail = defineMail<InvoiceRequestProps>({
  subject: ({ orderId, courseTitle }) => `Invoice request ${orderReference(orderId)}: ${courseTitle}`,
  body: (props) => (
    <MailLayout brand={props.brand} preview={`Invoice request ${orderReference(props.orderId)}`}>
      <P>{`${props.buyer.name} <${props.buyer.email}> (a verified address) asked to pay for "${props.courseTitle}" (${price(props)}) by invoice. They wrote (their words, not checked):`}</P>
      {buyerWords(props)}
      <Lines lines={[`Order reference: ${orderReference(props.orderId)}`]} />
      <P>
        {`Nothing has been sent to the billing address: it gets the invoice when you issue it in the admin area. `}
        {props.schoolId
          ? `When it is paid, mark order ${orderReference(props.orderId)} as paid: that licenses the school (school #${props.schoolId}) for every member.`
          : `When it is paid, mark order ${orderReference(props.orderId)} as paid to enroll the buyer.`}
      </P>
    </MailLayout>
  ),
});

export type InvoiceReceiptProps = Pick<
  InvoiceRequestProps,
  'brand' | 'orderId' | 'courseTitle' | 'amount' | 'currency' | 'schoolName' | 'billingEmail' | 'purchaseOrderNumber'
>;

/** To the buyer's own (verified) address: the request arrived, what they asked for, and what happens next. */
export const invoiceReceiptMail = defineMail<InvoiceReceiptProps>({
  subject: ({ courseTitle }) => `Your invoice request for ${courseTitle}`,
  body: (props) => (
    <MailLayout brand={props.brand} preview={`Invoice request ${orderReference(props.orderId)} received`}>
      <Lines
        lines={[
          `Thank you. We have received your request to pay for "${props.courseTitle}" (${price(props)}) by invoice.`,
          `Order reference: ${orderReference(props.orderId)}.`,
        ]}
      />
      <P>The details you gave, as you typed them:</P>
      {buyerWords(props)}
      <Lines
        lines={[
          'We will e-mail the invoice to the billing address once we have prepared it. Access is given as soon as it is paid.',
          `Something wrong, or did you not ask for this? Write to ${props.brand.supportEmail}.`,
        ]}
      />
    </MailLayout>
  ),
});
