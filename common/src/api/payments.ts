import type { Currency } from '../rules/currency.ts';
import type { DiscountKind } from '../rules/tax.ts';

export interface PaymentIntentDto {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

/** GET /api/payments/:paymentIntentId — what the return page may believe. */
export interface PaymentStatusDto {
  paymentIntentId: string;
  /** Stripe's status: succeeded, processing, requires_payment_method, … */
  status: string;
  courseId: number | null;
  courseTitle: string | null;
  /** The purchase is done: the buyer enrolled, or the trust bought for licensed. */
  enrolled: boolean;
  /** A purchase for a trust: its name (every school in it has the course once `enrolled`). */
  trustName?: string | null;
  failureMessage: string | null;
}

export type OrderStatus = 'requested' | 'paid' | 'cancelled';

export interface OrderDto {
  id: number;
  /** How the order is named to people ("ORD-000042"): in the portal, the admin area and e-mails. */
  reference: string;
  userId: number;
  courseId: number | null;
  courseTitle: string;
  schoolName: string;
  billingEmail: string;
  purchaseOrderNumber: string | null;
  amount: number;
  currency: string;
  status: OrderStatus;
  /** The school the purchase licenses when paid; null for a personal purchase. */
  schoolId?: number | null;
  /** The trust the purchase licenses when paid (every school in it); `schoolName` is then the trust's name. */
  trustId?: number | null;
  createdAt: string;
  paidAt: string | null;
  /** ISO 3166-1 alpha-2; null on requests made before invoices were issued. */
  country?: string | null;
  billingAddress?: string | null;
  vatNumber?: string | null;
  /** A discount an admin agreed before issuing the invoice (printed on it), or null. */
  discount?: OrderDiscountDto | null;
  /** Set once an admin has issued the invoice. */
  invoice?: InvoiceDto | null;
}

/** An order's discount: what was agreed, and what it takes off the price (minor units, before tax). */
export interface OrderDiscountDto {
  kind: DiscountKind;
  /** A whole percentage (1–100), or an amount in minor units of the order's currency. */
  value: number;
  reason: string;
  /** Minor units taken off `amount`. */
  amountOff: number;
  /** What the school pays before tax: `amount - amountOff`. */
  net: number;
  setAt: string;
}

/** An issued invoice: amounts in minor units of `currency`. */
export interface InvoiceDto {
  number: string;
  issuedAt: string;
  currency: Currency;
  net: number;
  tax: number;
  gross: number;
  taxNote?: string;
}

/** GET /api/admin/sales: money received and invoiced, one row per currency, never added across. */
export interface SalesTotalsDto {
  currencies: Array<{
    currency: Currency;
    /** Card payments that succeeded, less refunds. */
    cardNet: number;
    cardPayments: number;
    refunded: number;
    /** Issued invoices' gross, and how much of it is paid. */
    invoicedGross: number;
    invoicedPaid: number;
    invoices: number;
  }>;
  /**
   * Whether invoices can be issued (INVOICE_SELLER_ADDRESS) and say how to pay
   * (INVOICE_PAYMENT_DETAILS): Issue invoice warns the admin before issuing without them.
   */
  invoicing: { sellerConfigured: boolean; paymentDetailsConfigured: boolean };
}

export interface AdminOrderDto extends OrderDto {
  buyerEmail: string;
  buyerName: string;
}

export interface AdminPaymentDto {
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
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

/** GET and PUT /api/currency */
export interface CurrencyChoiceDto {
  currency: Currency;
}
