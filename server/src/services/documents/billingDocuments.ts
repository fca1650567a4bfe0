import { countryName, discountedLines, formatMoney, isCurrency, orderReference, purchaseOrderLabel, TAX_RULES, type Currency } from '@atrium/common';
import type { Config } from '../../config.ts';
import { discountOf, type OrderRow } from '../../models/Order.ts';
import type { BillingDocument, BillingLine, SellerDetails } from './billingPdf.ts';

export function sellerDetails(config: Config): SellerDetails | null {
  const { name, address, vatNumber, email, paymentTermsDays } = config.invoiceSeller;
  return address === null ? null : { name, address, vatNumber, email, paymentTermsDays };
}

const currencyOf = (stored: string): Currency => {
  const code = stored.toUpperCase();
  return isCurrency(code) ? code : 'GBP';
};

const taxLabelOf = (basisPoints: number) =>
  Object.values(TAX_RULES).find((rule) => rule.rateBasisPoints === basisPoints)?.label ?? `VAT at ${basisPoints / 100}%`;

/** An issued invoice as printed: its lines, the tax decided when it was issued, how to pay. */
export function invoiceDocument(order: OrderRow, seller: SellerDetails, paymentDetails: string | null): BillingDocument {
  if (!order.invoiceNumber || order.invoiceIssuedAt === null || order.invoiceIssuedAt === undefined) throw new Error('order has no invoice');
  const references = [{ label: 'Order', value: orderReference(Number(order.id)) }];
  if (order.purchaseOrderNumber) references.push({ label: 'Purchase order', value: purchaseOrderLabel(order.purchaseOrderNumber) });
  const footer = [
    `Payment terms: ${seller.paymentTermsDays === 0 ? 'due on receipt' : `${seller.paymentTermsDays} days from the invoice date`}. Please quote ${order.invoiceNumber} with your payment.`,
  ];
  if (paymentDetails) footer.push(paymentDetails);
  footer.push(`Questions about this invoice: ${seller.email}`);
  return {
    kind: 'invoice',
    number: order.invoiceNumber,
    issuedAt: new Date(Number(order.invoiceIssuedAt)),
    currency: currencyOf(order.currency),
    seller,
    buyer: {
      name: order.schoolName,
      address: order.billingAddress ?? null,
      country: order.country ? (countryName(order.country) ?? order.country) : null,
      email: order.billingEmail,
      vatNumber: order.vatNumber ?? null,
    },
    references,
    lines: invoiceLines(order),
    taxLabel: taxLabelOf(Number(order.invoiceTaxRate ?? 0)),
    taxNote: order.invoiceTaxNote ?? null,
    footer,
  };
}

/**
 * The course at its price and, when a discount was agreed, a line taking it off with its reason;
 * the lines add up to the invoice's stored net, tax and gross (common/rules/tax.ts).
 */
function invoiceLines(order: OrderRow): BillingLine[] {
  const description = `${order.courseTitle}: online course licence`;
  const invoice = { net: Number(order.invoiceNet), tax: Number(order.invoiceTax), gross: Number(order.invoiceGross) };
  const discount = discountOf(order);
  if (!discount) return [{ description, quantity: 1, ...invoice }];
  const lines = discountedLines(Number(order.amount), invoice, Number(order.invoiceTaxRate ?? 0));
  const what = discount.kind === 'percent' ? `Discount (${discount.value}% off)` : 'Discount';
  return [
    { description, quantity: 1, ...lines.price },
    { description: order.discountReason ? `${what}: ${order.discountReason}` : what, quantity: 1, ...lines.discount },
  ];
}

export interface ReceiptSource {
  id: number;
  providerReference: string | null;
  amount: number;
  amountRefunded: number;
  currency: string;
  paidAt: number | null;
  courseTitle: string | null;
  buyerName: string;
  buyerEmail: string;
  schoolName: string | null;
}

export const receiptNumber = (paymentId: number): string => `RCT-${String(paymentId).padStart(6, '0')}`;

/** A succeeded card payment's receipt: what was paid, when, for what. */
export function receiptDocument(payment: ReceiptSource, seller: SellerDetails): BillingDocument {
  const amount = Number(payment.amount);
  const footer = ['Paid by card. This receipt confirms the payment; write to us if your finance office needs a VAT invoice.'];
  if (Number(payment.amountRefunded) > 0)
    footer.unshift(`Refunded since: ${formatMoney(Number(payment.amountRefunded), currencyOf(payment.currency), 'en-GB')}.`);
  footer.push(`Questions about this payment: ${seller.email}`);
  return {
    kind: 'receipt',
    number: receiptNumber(Number(payment.id)),
    issuedAt: new Date(Number(payment.paidAt)),
    currency: currencyOf(payment.currency),
    seller,
    buyer: { name: payment.schoolName ?? payment.buyerName, address: null, country: null, email: payment.buyerEmail, vatNumber: null },
    references: payment.providerReference ? [{ label: 'Card payment', value: payment.providerReference }] : [],
    lines: [{ description: `${payment.courseTitle ?? 'Course'}: online course licence`, quantity: 1, net: amount, tax: 0, gross: amount }],
    taxLabel: 'Tax',
    taxNote: null,
    footer,
  };
}

/** A paid invoice's receipt: the invoice's own lines and tax, with when it was paid. */
export function orderReceiptDocument(order: OrderRow, seller: SellerDetails): BillingDocument {
  if (order.paidAt === null || order.paidAt === undefined) throw new Error('order is not paid');
  const invoice = invoiceDocument(order, seller, null);
  return {
    ...invoice,
    kind: 'receipt',
    number: `RCT-${invoice.number}`,
    issuedAt: new Date(Number(order.paidAt)),
    references: [{ label: 'Invoice', value: invoice.number }, ...invoice.references],
    footer: [`Paid by bank transfer against invoice ${invoice.number}. This receipt confirms the payment.`, `Questions about this payment: ${seller.email}`],
  };
}
