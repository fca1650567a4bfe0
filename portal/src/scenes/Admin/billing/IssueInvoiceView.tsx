import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { AdminOrderDto, OrderDiscountDto } from '@atrium/common/api/payments';
import { countryList } from '@atrium/common/rules/countries';
import { invoiceFigures, isVatNumberShape, normaliseVatNumber, vatPrefixesOf } from '@atrium/common/rules/tax';
import { invoiceIssueSchema, type InvoiceIssueInput } from '@atrium/common/schemas/prices';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { money } from '../../../components/coursePrice.ts';
import { Dialog, DialogButtons, DialogRefusal } from '../../../components/Dialog.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { useForm } from '../../../components/useForm.ts';
import { discountLabel } from './OrderDiscount.tsx';

export interface IssueInvoiceViewProps {
  /** Closed when null. */
  order: AdminOrderDto | null;
  onOpenChange(open: boolean): void;
  /** The order's discount as it stands now, which the totals include. */
  discount: OrderDiscountDto | null;
  /** The discount's own panel: a container of its own, which saves the discount itself. */
  discountPanel: ReactNode;
  /** False when the server has no payment details to print on the invoice; null while unknown. */
  paymentDetailsConfigured: boolean | null;
  issuing: boolean;
  /** Why the last try was refused, when no field explains it (the server's sentence). */
  refusal: string | null;
  /**
   * Issues the invoice with the buyer's details, checked by common's invoiceIssueSchema. A refusal
   * goes first to `showOnFields` (the form's showServerErrors), else to `refusal`.
   */
  onIssue(details: InvoiceIssueInput, showOnFields: (error: unknown) => boolean): void;
}

/**
 * "Issue invoice": a discount agreed with the school (its panel), the buyer's country, address
 * and VAT number (theirs, which the admin may complete), the totals they lead to
 * (common/rules/tax.ts, as the server computes them), then the numbered invoice.
 */
export function IssueInvoiceView({ order, onOpenChange, ...form }: IssueInvoiceViewProps) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={onOpenChange}
      width="wide"
      title="Issue invoice"
      description={
        order ? `${order.reference} · ${order.courseTitle} for ${order.schoolName}. The invoice gets the next number and cannot be changed afterwards.` : ''
      }
    >
      {order ? <IssueForm key={order.id} order={order} {...form} /> : null}
    </Dialog>
  );
}

function IssueForm({
  order,
  discount,
  discountPanel,
  paymentDetailsConfigured,
  issuing,
  refusal,
  onIssue,
}: Omit<IssueInvoiceViewProps, 'order' | 'onOpenChange'> & { order: AdminOrderDto }) {
  const [initial] = useState(() => ({ country: order.country ?? '', billingAddress: order.billingAddress ?? '', vatNumber: order.vatNumber ?? '' }));
  const form = useForm(initial);
  const { country, vatNumber } = form.values;
  const vat = vatNumber.trim() ? normaliseVatNumber(vatNumber) : null;
  const vatShapeOk = !vat || !country || vatPrefixesOf(country).length === 0 || isVatNumberShape(vat, country);
  const preview = country ? invoiceFigures(order.amount, discount, country, vat) : null;

  const submit = form.handleSubmit(invoiceIssueSchema, (details) => onIssue(details, form.showServerErrors), {
    toInput: (values) => ({ country: values.country || undefined, billingAddress: values.billingAddress || null, vatNumber: values.vatNumber || null }),
  });

  return (
    <>
      <DiscountArea>{discountPanel}</DiscountArea>
      <Form onSubmit={submit} noValidate aria-label="Issue invoice">
        {paymentDetailsConfigured === false ? (
          <Warning role="note" aria-label="No payment details">
            <strong>No payment details are set up.</strong> This invoice will not say how to pay (bank account, sort code): set INVOICE_PAYMENT_DETAILS on the
            server before issuing, or tell the buyer how to pay yourself. The invoice is e-mailed to {order.billingEmail} as soon as it is issued.
          </Warning>
        ) : null}
        <SelectField
          label="Country"
          markRequired
          placeholder="Choose the buyer's country"
          options={countryList().map((option) => ({ value: option.code, label: option.name }))}
          {...form.field('country')}
        />
        <TextAreaField
          label="Billing address"
          rows={3}
          hint={<CharacterCount value={form.values.billingAddress} max={1000} />}
          {...form.field('billingAddress')}
        />
        <TextField label="VAT or tax-exemption number" hint={<CharacterCount value={form.values.vatNumber} max={40} />} {...form.field('vatNumber')} />
        {preview ? (
          <Preview aria-label="Invoice totals">
            {discount && preview.discount > 0 ? (
              <>
                <div>
                  <dt>Price</dt>
                  <dd>{money(preview.price, order.currency)}</dd>
                </div>
                <div>
                  <dt>Discount ({discountLabel(discount, order.currency)})</dt>
                  <dd>−{money(preview.discount, order.currency)}</dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>Net</dt>
              <dd>{money(preview.net, order.currency)}</dd>
            </div>
            <div>
              <dt>{preview.label}</dt>
              <dd>{money(preview.tax, order.currency)}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>
                <strong>{money(preview.gross, order.currency)}</strong>
              </dd>
            </div>
            {preview.note && vatShapeOk ? <Note>{preview.note}</Note> : null}
          </Preview>
        ) : null}
        <DialogRefusal message={refusal} />
        <DialogButtons label="Issue invoice" busyLabel="Issuing…" busy={issuing} />
      </Form>
    </>
  );
}

const DiscountArea = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
`;

const Preview = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Note = styled.p`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
