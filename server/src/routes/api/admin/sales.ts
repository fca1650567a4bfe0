import { CURRENCIES, isCurrency, salesTotalsDtoSchema, type Currency, type SalesTotalsDto } from '@atrium/common';
import { salesSums } from '../../../queries/payments.ts';
import type { Routes } from '../../define.ts';

type CurrencyTotals = SalesTotalsDto['currencies'][number];

/** The admin's sales totals per currency: card payments net of refunds, invoices issued and paid. */
export function adminSalesRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/sales',
    access: 'admin',
    answer: { body: salesTotalsDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      const { cards, invoices } = await salesSums(ctx.deps.db);
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
      const { invoiceSeller } = ctx.deps.config;
      ctx.body = {
        currencies: CURRENCIES.map((currency) => rows.get(currency)).filter((row) => row !== undefined),
        invoicing: { sellerConfigured: invoiceSeller.address !== null, paymentDetailsConfigured: Boolean(invoiceSeller.paymentDetails?.trim()) },
      } satisfies SalesTotalsDto;
    },
  });
}
