import { CURRENCIES, idParams, invoiceIssueSchema, isCurrency, paymentIntentParams, type Currency, type SalesTotalsDto } from '@atrium/common';
import { issueInvoice } from '../../../commands/invoices.ts';
import { notFound, serviceUnavailable } from '../../../errors.ts';
import { displayName } from '../../../models/User.ts';
import type { OrderRow } from '../../../models/Order.ts';
import { requireBillingDocumentAccess } from '../../../policies/orders.ts';
import { presentOrder } from '../../../presenters/orders.ts';
import { invoiceDocument, receiptDocument, receiptNumber, sellerDetails, type ReceiptSource } from '../../../services/documents/billingDocuments.ts';
import { renderBillingPdf } from '../../../services/documents/billingPdf.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/knex.ts';
import type { Routes } from '../../define.ts';

function seller(ctx: AppContext) {
  const details = sellerDetails(ctx.deps.config);
  if (!details) throw serviceUnavailable('Invoices are not set up here yet: the agency address (INVOICE_SELLER_ADDRESS) is missing.');
  return details;
}

function sendPdf(ctx: AppContext, bytes: Buffer, filename: string): void {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.type = 'application/pdf';
  ctx.body = bytes;
}

/** A succeeded payment with what its receipt names, or undefined. */
async function receiptSource(db: Db, where: Record<string, unknown>): Promise<(ReceiptSource & { userId: number; status: string }) | undefined> {
  const row = await db('payments')
    .join('users', 'users.id', 'payments.userId')
    .leftJoin('courses', 'courses.id', 'payments.courseId')
    .leftJoin('schools', 'schools.id', 'payments.schoolId')
    .select(
      'payments.id',
      'payments.userId',
      'payments.status',
      'payments.providerReference',
      'payments.amount',
      'payments.amountRefunded',
      'payments.currency',
      'payments.paidAt',
      'courses.title as courseTitle',
      'schools.name as schoolName',
      'users.email as buyerEmail',
      'users.firstName',
      'users.lastName',
    )
    .where(where)
    .first();
  if (!row) return undefined;
  return { ...row, buyerName: displayName({ firstName: row.firstName, lastName: row.lastName, email: row.buyerEmail }) };
}

async function sendReceipt(ctx: AppContext, payment: (ReceiptSource & { status: string }) | undefined): Promise<void> {
  // Only money actually received has a receipt; a pending or failed payment looks missing.
  if (!payment || payment.paidAt === null || !['succeeded'].includes(payment.status)) throw notFound('Receipt not found');
  sendPdf(ctx, await renderBillingPdf(receiptDocument(payment, seller(ctx))), `${receiptNumber(payment.id)}.pdf`);
}

/** Invoices for orders, receipts for card payments, and the admin's sales totals per currency. */
export function invoiceRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/admin/orders/:id/invoice',
    access: 'admin',
    params: idParams,
    body: invoiceIssueSchema,
    async handler(ctx) {
      seller(ctx);
      const { db, mailer, config, clock } = ctx.deps;
      const order = await issueInvoice(db, { mailer, brand: config }, ctx.input.params.id, ctx.state.user.id, clock.now().getTime(), ctx.input.body);
      mailer.kick();
      ctx.body = presentOrder(order);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/orders/:id/invoice.pdf',
    access: 'user',
    params: idParams,
    async handler(ctx) {
      const order: OrderRow | undefined = await ctx.deps.db('orders').where({ id: ctx.input.params.id }).first();
      requireBillingDocumentAccess(ctx.state.user, order, 'Invoice');
      if (!order.invoiceNumber) throw notFound('This order has no invoice yet');
      const bytes = await renderBillingPdf(invoiceDocument(order, seller(ctx), ctx.deps.config.invoiceSeller.paymentDetails));
      sendPdf(ctx, bytes, `${order.invoiceNumber}.pdf`);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/payments/:paymentIntentId/receipt.pdf',
    access: 'user',
    params: paymentIntentParams,
    async handler(ctx) {
      const payment = await receiptSource(ctx.deps.db, { 'payments.provider': 'stripe', 'payments.providerReference': ctx.input.params.paymentIntentId });
      requireBillingDocumentAccess(ctx.state.user, payment, 'Receipt');
      await sendReceipt(ctx, payment);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/payments/:id/receipt.pdf',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      await sendReceipt(ctx, await receiptSource(ctx.deps.db, { 'payments.id': ctx.input.params.id }));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/sales',
    access: 'admin',
    async handler(ctx) {
      const { db } = ctx.deps;
      const [cards, invoices] = await Promise.all([
        db('payments')
          .select('currency')
          .count({ count: '*' })
          .sum({ amount: 'amount', refunded: 'amountRefunded' })
          .where({ status: 'succeeded' })
          .groupBy('currency'),
        db('orders')
          .select('currency')
          .count({ count: '*' })
          .sum({ gross: 'invoiceGross' })
          .select(db.raw("sum(case when status = 'paid' then invoice_gross else 0 end) as paid"))
          .whereNotNull('invoiceNumber')
          .groupBy('currency'),
      ]);
      const rows = new Map<Currency, SalesTotalsDto['currencies'][number]>();
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
      for (const card of cards as Array<Record<string, string | number | null>>) {
        const row = rowOf(String(card.currency));
        row.cardPayments += Number(card.count);
        row.refunded += Number(card.refunded ?? 0);
        row.cardNet += Number(card.amount ?? 0) - Number(card.refunded ?? 0);
      }
      for (const invoice of invoices as Array<Record<string, string | number | null>>) {
        const row = rowOf(String(invoice.currency));
        row.invoices += Number(invoice.count);
        row.invoicedGross += Number(invoice.gross ?? 0);
        row.invoicedPaid += Number(invoice.paid ?? 0);
      }
      ctx.set('Cache-Control', 'no-store');
      const { invoiceSeller } = ctx.deps.config;
      ctx.body = {
        currencies: CURRENCIES.map((currency) => rows.get(currency)).filter((row) => row !== undefined),
        invoicing: { sellerConfigured: invoiceSeller.address !== null, paymentDetailsConfigured: Boolean(invoiceSeller.paymentDetails?.trim()) },
      } satisfies SalesTotalsDto;
    },
  });
}
