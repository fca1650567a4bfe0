import { invoiceFigures, isVatNumberShape, normaliseVatNumber, vatPrefixesOf } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { invoiceIssuedMail } from '../mail/templates/invoiceIssued.tsx';
import { discountOf, type OrderRow } from '../models/Order.ts';
import { orderPdfAttachment } from '../services/documents/billingAttachments.ts';
import type { Mailer } from '../services/mail.ts';

/** "INV-2026-000123": the year it was issued and its place in that year's sequence. */
export const invoiceNumber = (year: number, sequence: number): string => `INV-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of `year`'s sequence, taken inside the caller's transaction: the counter row is
 * updated first (the update holds its row lock until commit on MariaDB; SQLite has one writer),
 * so two transactions can never read the same value, and a transaction that rolls back gives its
 * number back. The year's row must exist (ensureInvoiceCounter): creating it inside concurrent
 * transactions would have MariaDB's gap locks deadlock them.
 */
export async function nextInvoiceSequence(trx: Db, year: number): Promise<number> {
  const updated = await trx('invoiceCounters').where({ year }).increment('next', 1);
  if (!updated) throw new Error(`no invoice counter for ${year}`);
  const row = (await trx('invoiceCounters').where({ year }).first())!;
  return Number(row.next) - 1;
}

/** The year's counter row, starting at 1; on its own (committed at once), so it never holds a lock. */
export async function ensureInvoiceCounter(db: Db, year: number): Promise<void> {
  await db('invoiceCounters').insert({ year, next: 1 }).onConflict('year').ignore();
}

export interface InvoiceDetailsUpdate {
  country?: string | undefined;
  billingAddress?: string | null | undefined;
  vatNumber?: string | null | undefined;
}

/**
 * An admin issues the invoice of an order: a number from the year's gap-free sequence, the tax
 * decided by the buyer's country and VAT number (common/rules/tax.ts), net (less any discount),
 * tax and gross, all in the order's transaction. Issuing again answers the same invoice: nothing changes. Details
 * the admin completes (a country the buyer left out) are saved with it. The billing address gets
 * the invoice PDF by mail, queued in the same transaction (once: issuing again sends nothing).
 */
export async function issueInvoice(
  db: Db,
  mail: { mailer: Mailer; brand: MailBrand },
  orderId: number,
  adminId: number,
  now: number,
  details: InvoiceDetailsUpdate = {},
): Promise<OrderRow> {
  const year = new Date(now).getUTCFullYear();
  await ensureInvoiceCounter(db, year);
  return retryOnDeadlock(() =>
    db.transaction(async (trx) => {
      const row: OrderRow | undefined = await trx('orders').where({ id: orderId }).forUpdate().first();
      if (!row) throw notFound('Order not found');
      if (row.invoiceNumber) return row;
      if (row.status === 'cancelled') throw conflict('This order was cancelled');
      const country = details.country ?? row.country ?? null;
      // Stored and printed as typed; normalised only to check its shape.
      const vatNumber = details.vatNumber !== undefined ? details.vatNumber?.trim() || null : (row.vatNumber ?? null);
      const billingAddress = details.billingAddress !== undefined ? details.billingAddress : (row.billingAddress ?? null);
      if (!country) throw badRequest("The buyer's country is needed to decide the tax: add it before issuing", { country: 'Choose the country' });
      if (vatNumber && vatPrefixesOf(country).length > 0 && !isVatNumberShape(normaliseVatNumber(vatNumber), country)) {
        throw badRequest(`${vatNumber} is not the shape of a VAT number from ${country}`, { vatNumber: `Not a ${country} VAT number` });
      }
      // Net after the discount agreed before issuing (commands/orderDiscounts.ts), then tax on it.
      const taxed = invoiceFigures(Number(row.amount), discountOf(row), country, vatNumber);
      const number = invoiceNumber(year, await nextInvoiceSequence(trx, year));
      const changes = {
        country,
        vatNumber,
        billingAddress,
        invoiceNumber: number,
        invoiceIssuedAt: now,
        invoiceNet: taxed.net,
        invoiceTax: taxed.tax,
        invoiceGross: taxed.gross,
        invoiceTaxRate: taxed.rateBasisPoints,
        invoiceTaxNote: taxed.note,
        invoiceIssuedBy: adminId,
      };
      await trx('orders').where({ id: orderId }).update(changes);
      const issued: OrderRow = { ...row, ...changes };
      await mail.mailer.send(
        trx,
        issued.billingEmail,
        invoiceIssuedMail,
        {
          brand: mail.brand,
          invoiceNumber: number,
          courseTitle: issued.courseTitle,
          schoolName: issued.schoolName,
          gross: taxed.gross,
          currency: issued.currency.toUpperCase(),
        },
        undefined,
        [orderPdfAttachment(issued, 'invoice')],
      );
      return issued;
    }),
  );
}
