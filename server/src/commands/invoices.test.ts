import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/useTestServer.ts';
import { ensureInvoiceCounter, invoiceNumber, nextInvoiceSequence } from './invoices.ts';

const server = useTestServer();

describe('invoice numbering', () => {
  it('writes the year and six digits, more once past a million', () => {
    expect(invoiceNumber(2026, 123)).toBe('INV-2026-000123');
    expect(invoiceNumber(2027, 1_234_567)).toBe('INV-2027-1234567');
  });

  it('starts each year at 1 and gives a number back when its transaction rolls back', async () => {
    await ensureInvoiceCounter(server.db, 2040);
    await ensureInvoiceCounter(server.db, 2040);
    expect(await server.db.transaction((trx) => nextInvoiceSequence(trx, 2040))).toBe(1);
    await expect(
      server.db.transaction(async (trx) => {
        expect(await nextInvoiceSequence(trx, 2040)).toBe(2);
        throw new Error('the invoice could not be written');
      }),
    ).rejects.toThrow('could not be written');
    // The rolled-back 2 is given to the next invoice: no gap.
    expect(await server.db.transaction((trx) => nextInvoiceSequence(trx, 2040))).toBe(2);
    await ensureInvoiceCounter(server.db, 2041);
    expect(await server.db.transaction((trx) => nextInvoiceSequence(trx, 2041))).toBe(1);
  });

  it("refuses to number without the year's counter rather than invent one", async () => {
    await expect(server.db.transaction((trx) => nextInvoiceSequence(trx, 2099))).rejects.toThrow('no invoice counter for 2099');
  });
});
