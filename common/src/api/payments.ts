import { z } from 'zod';
import { CURRENCIES } from '../rules/currency.ts';
import { DISCOUNT_KINDS } from '../rules/tax.ts';

/** POST /api/create-payment-intent — what the card form needs to confirm the payment. */
export const paymentIntentDtoSchema = z
  .object({
    clientSecret: z.string(),
    paymentIntentId: z.string(),
    amount: z.number(),
    currency: z.string(),
  })
  .meta({ id: 'PaymentIntentDto' });
export type PaymentIntentDto = z.infer<typeof paymentIntentDtoSchema>;

/** GET /api/payments/:paymentIntentId — what the return page may believe. */
export const paymentStatusDtoSchema = z
  .object({
    paymentIntentId: z.string(),
    /** Stripe's status: succeeded, processing, requires_payment_method, … */
    status: z.string(),
    courseId: z.number().nullable(),
    courseTitle: z.string().nullable(),
    /** The purchase is done: the buyer enrolled, or the trust bought for licensed. */
    enrolled: z.boolean(),
    /** A purchase for a trust: its name (every school in it has the course once `enrolled`). */
    trustName: z.string().nullable().optional(),
    failureMessage: z.string().nullable(),
  })
  .meta({ id: 'PaymentStatusDto' });
export type PaymentStatusDto = z.infer<typeof paymentStatusDtoSchema>;

export const orderStatusSchema = z.enum(['requested', 'paid', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An order's discount: what was agreed, and what it takes off the price (minor units, before tax). */
export const orderDiscountDtoSchema = z
  .object({
    kind: z.enum(DISCOUNT_KINDS),
    /** A whole percentage (1–100), or an amount in minor units of the order's currency. */
    value: z.number(),
    reason: z.string(),
    /** Minor units taken off `amount`. */
    amountOff: z.number(),
    /** What the school pays before tax: `amount - amountOff`. */
    net: z.number(),
    setAt: z.string(),
  })
  .meta({ id: 'OrderDiscountDto' });
export type OrderDiscountDto = z.infer<typeof orderDiscountDtoSchema>;

/** An issued invoice: amounts in minor units of `currency`. */
export const invoiceDtoSchema = z
  .object({
    number: z.string(),
    issuedAt: z.string(),
    currency: z.enum(CURRENCIES),
    net: z.number(),
    tax: z.number(),
    gross: z.number(),
    taxNote: z.string().optional(),
  })
  .meta({ id: 'InvoiceDto' });
export type InvoiceDto = z.infer<typeof invoiceDtoSchema>;

export const orderDtoSchema = z
  .object({
    id: z.number(),
    /** How the order is named to people ("ORD-000042"): in the portal, the admin area and e-mails. */
    reference: z.string(),
    userId: z.number(),
    courseId: z.number().nullable(),
    courseTitle: z.string(),
    schoolName: z.string(),
    billingEmail: z.string(),
    purchaseOrderNumber: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    status: orderStatusSchema,
    /** The school the purchase licenses when paid; null for a personal purchase. */
    schoolId: z.number().nullable().optional(),
    /** The trust the purchase licenses when paid (every school in it); `schoolName` is then the trust's name. */
    trustId: z.number().nullable().optional(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** ISO 3166-1 alpha-2; null on requests made before invoices were issued. */
    country: z.string().nullable().optional(),
    billingAddress: z.string().nullable().optional(),
    vatNumber: z.string().nullable().optional(),
    /** A discount an admin agreed before issuing the invoice (printed on it), or null. */
    discount: orderDiscountDtoSchema.nullable().optional(),
    /** Set once an admin has issued the invoice. */
    invoice: invoiceDtoSchema.nullable().optional(),
  })
  .meta({ id: 'OrderDto' });
export type OrderDto = z.infer<typeof orderDtoSchema>;

/** GET /api/admin/sales: money received and invoiced, one row per currency, never added across. */
export const salesTotalsDtoSchema = z
  .object({
    currencies: z.array(
      z.object({
        currency: z.enum(CURRENCIES),
        /** Card payments that succeeded, less refunds. */
        cardNet: z.number(),
        cardPayments: z.number(),
        refunded: z.number(),
        /** Issued invoices' gross, and how much of it is paid. */
        invoicedGross: z.number(),
        invoicedPaid: z.number(),
        invoices: z.number(),
      }),
    ),
    /**
     * Whether invoices can be issued (INVOICE_SELLER_ADDRESS) and say how to pay
     * (INVOICE_PAYMENT_DETAILS): Issue invoice warns the admin before issuing without them.
     */
    invoicing: z.object({ sellerConfigured: z.boolean(), paymentDetailsConfigured: z.boolean() }),
  })
  .meta({ id: 'SalesTotalsDto' });
export type SalesTotalsDto = z.infer<typeof salesTotalsDtoSchema>;

/** A row of GET /api/admin/orders: the order and who asked for it. */
export const adminOrderDtoSchema = orderDtoSchema.extend({ buyerEmail: z.string(), buyerName: z.string() }).meta({ id: 'AdminOrderDto' });
export type AdminOrderDto = z.infer<typeof adminOrderDtoSchema>;

/** A row of GET /api/admin/payments: one card payment. */
export const adminPaymentDtoSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    buyerEmail: z.string(),
    courseId: z.number().nullable(),
    courseTitle: z.string().nullable(),
    providerReference: z.string().nullable(),
    amount: z.number(),
    amountRefunded: z.number(),
    currency: z.string(),
    status: z.string(),
    failureMessage: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminPaymentDto' });
export type AdminPaymentDto = z.infer<typeof adminPaymentDtoSchema>;

/** POST /api/stripe/webhook: the event was taken (Stripe sends it again until it is). */
export const webhookReceivedDtoSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookReceivedDto' });
export type WebhookReceivedDto = z.infer<typeof webhookReceivedDtoSchema>;

/** GET and PUT /api/currency */
export const currencyChoiceDtoSchema = z.object({ currency: z.enum(CURRENCIES) }).meta({ id: 'CurrencyChoiceDto' });
export type CurrencyChoiceDto = z.infer<typeof currencyChoiceDtoSchema>;
