import type { PaymentStatusDto } from '@atrium/common';
import type { PaymentOutcome } from '../policies/payments.ts';
import type { PaymentIntentSummary } from '../services/payments.ts';
import type { AdminOrderDto, AdminPaymentDto, Currency, InvoiceDto, OrderDiscountDto, OrderDto, OrderStatus } from '@atrium/common';
import { CURRENCIES, discountOff, isCurrency, orderReference, type SalesTotalsDto } from '@atrium/common';
import type { SalesSums } from '../queries/payments.ts';
import { toIso } from '../db/knex.ts';
import { discountOf, type OrderRow } from '../models/Order.ts';

export function presentOrder(row: OrderRow): OrderDto {
  return {
    id: row.id,
    reference: orderReference(Number(row.id)),
    userId: row.userId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    schoolName: row.schoolName,
    billingEmail: row.billingEmail,
    purchaseOrderNumber: row.purchaseOrderNumber,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status as OrderStatus,
    schoolId: row.schoolId === null || row.schoolId === undefined ? null : Number(row.schoolId),
    trustId: row.trustId === null || row.trustId === undefined ? null : Number(row.trustId),
    createdAt: toIso(row.createdAt)!,
    paidAt: toIso(row.paidAt),
    country: row.country ?? null,
    billingAddress: row.billingAddress ?? null,
    vatNumber: row.vatNumber ?? null,
    discount: presentDiscount(row),
    invoice: presentInvoice(row),
  };
}

/** The discount agreed on an order, with what it takes off the price (common/rules/tax.ts), or null. */
export function presentDiscount(row: OrderRow): OrderDiscountDto | null {
  const discount = discountOf(row);
  if (!discount) return null;
  const amountOff = discountOff(Number(row.amount), discount);
  return {
    ...discount,
    reason: row.discountReason ?? '',
    amountOff,
    net: Number(row.amount) - amountOff,
    setAt: toIso(row.discountSetAt)!,
  };
}

export function presentAdminOrder(row: OrderRow & { buyerEmail: string; buyerFirstName: string | null; buyerLastName: string | null }): AdminOrderDto {
  const name = [row.buyerFirstName, row.buyerLastName].filter(Boolean).join(' ');
  return { ...presentOrder(row), buyerEmail: row.buyerEmail, buyerName: name || row.buyerEmail };
}

export interface PaymentRow {
  id: number;
  userId: number;
  buyerEmail: string;
  courseId: number | null;
  courseTitle: string | null;
  providerReference: string | null;
  amount: number;
  amountRefunded: number;
  currency: string;
  status: string;
  failureMessage: string | null;
  createdAt: number;
  paidAt: number | null;
  refundedAt: number | null;
}

export function presentAdminPayment(row: PaymentRow): AdminPaymentDto {
  return {
    id: row.id,
    userId: row.userId,
    buyerEmail: row.buyerEmail,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    providerReference: row.providerReference,
    amount: Number(row.amount),
    amountRefunded: Number(row.amountRefunded),
    currency: row.currency,
    status: row.status,
    failureMessage: row.failureMessage,
    createdAt: toIso(row.createdAt)!,
    paidAt: toIso(row.paidAt),
    refundedAt: toIso(row.refundedAt),
  };
}

/** The invoice an admin issued for an order, or null before. */
export function presentInvoice(row: OrderRow): InvoiceDto | null {
  if (!row.invoiceNumber) return null;
  const invoice: InvoiceDto = {
    number: row.invoiceNumber,
    issuedAt: toIso(row.invoiceIssuedAt)!,
    currency: String(row.currency).toUpperCase() as Currency,
    net: Number(row.invoiceNet),
    tax: Number(row.invoiceTax),
    gross: Number(row.invoiceGross),
  };
  if (row.invoiceTaxNote) invoice.taxNote = row.invoiceTaxNote;
  return invoice;
}

/** A card payment's status for its buyer: the provider's status and what it bought. */
export function presentPaymentStatus(
  paymentIntentId: string,
  intent: Pick<PaymentIntentSummary, 'status' | 'failureMessage'>,
  outcome: PaymentOutcome,
): PaymentStatusDto {
  return {
    paymentIntentId,
    status: intent.status,
    courseId: outcome.course?.id ?? null,
    courseTitle: outcome.course?.title ?? null,
    enrolled: outcome.enrolled,
    trustName: outcome.trustName,
    failureMessage: intent.failureMessage,
  };
}

type CurrencyTotals = SalesTotalsDto['currencies'][number];

/**
 * The admin's sales totals per currency (card payments net of refunds, invoices issued and paid),
 * in CURRENCIES' order, and whether the invoice seller is configured. A currency stored in
 * another case, or one no longer offered, counts as GBP.
 */
export function presentSalesTotals({ cards, invoices }: SalesSums, seller: { address: string | null; paymentDetails: string | null }): SalesTotalsDto {
  const rows = new Map<Currency, CurrencyTotals>();
  const rowOf = (stored: string) => {
    const code = String(stored).toUpperCase();
    const currency: Currency = isCurrency(code) ? code : 'GBP';
    let row = rows.get(currency);
    if (!row) {
      row = { currency, cardNet: 0, cardPayments: 0, refunded: 0, invoicedGross: 0, invoicedPaid: 0, invoices: 0 };
      rows.set(currency, row);
    }
    return row;
  };
  for (const card of cards) {
    const row = rowOf(String(card.currency));
    row.cardPayments += Number(card.count);
    row.refunded += Number(card.refunded ?? 0);
    row.cardNet += Number(card.amount ?? 0) - Number(card.refunded ?? 0);
  }
  for (const invoice of invoices) {
    const row = rowOf(String(invoice.currency));
    row.invoices += Number(invoice.count);
    row.invoicedGross += Number(invoice.gross ?? 0);
    row.invoicedPaid += Number(invoice.paid ?? 0);
  }
  return {
    currencies: CURRENCIES.map((currency) => rows.get(currency)).filter((row) => row !== undefined),
    invoicing: { sellerConfigured: seller.address !== null, paymentDetailsConfigured: Boolean(seller.paymentDetails?.trim()) },
  };
}
