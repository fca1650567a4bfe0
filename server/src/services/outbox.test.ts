import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Mailer } from './mail.ts';
import { enqueueMail, OUTBOX_KEPT_MS, pruneDeliveredMail, type OutboxMail } from './outbox.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import type { OutboxStatus } from '../db/tables.ts';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp.ts';

let database: TestDatabase;
let smtp: SmtpCapture;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
  mailer = new Mailer(database.db, pino({ level: 'silent' }), { smtpUrl: smtp.url, from: 'Atrium <noreply@atrium.test>' });
});
afterAll(async () => {
  await mailer.close();
  await smtp.close();
  await database.destroy();
});

const mail = (to: string): OutboxMail => ({ to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' });

/** Lets every delivery a kick started run to its end. */
const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await mailer.flush();
};

describe('enqueueMail', () => {
  it('delivers mail queued in a transaction once it commits, with no kick from the caller', async () => {
    const kick = vi.spyOn(mailer, 'kick');
    await database.db.transaction(async (trx) => {
      await enqueueMail(trx, [mail('committed@school.test')], Date.now());
      // Not before the commit: the change the mail reports may yet be undone.
      expect(kick).not.toHaveBeenCalled();
    });
    expect(kick).toHaveBeenCalledTimes(1);
    kick.mockRestore();
    const delivered = await smtp.waitFor((m) => m.to.includes('committed@school.test'));
    expect(delivered.raw).toContain('For committed@school.test');
  });

  it('never sends mail queued in a transaction that rolls back', async () => {
    const kick = vi.spyOn(mailer, 'kick');
    await expect(
      database.db.transaction(async (trx) => {
        await enqueueMail(trx, [mail('rolledback@school.test')], Date.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle();
    expect(kick).not.toHaveBeenCalled();
    kick.mockRestore();
    expect(smtp.messages.filter((m) => m.to.includes('rolledback@school.test'))).toEqual([]);
    expect(await database.db('outbox').where({ toAddress: 'rolledback@school.test' })).toEqual([]);
  });

  it('waits for the outermost transaction, not a savepoint inside it', async () => {
    const kick = vi.spyOn(mailer, 'kick');
    await database.db.transaction(async (trx) => {
      await trx.transaction(async (inner) => enqueueMail(inner, [mail('nested@school.test')], Date.now()));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(kick).not.toHaveBeenCalled();
    });
    expect(kick).toHaveBeenCalledTimes(1);
    kick.mockRestore();
    await smtp.waitFor((m) => m.to.includes('nested@school.test'));
  });

  it('delivers mail queued outside a transaction at once', async () => {
    await enqueueMail(database.db, [mail('direct@school.test')], Date.now());
    await smtp.waitFor((m) => m.to.includes('direct@school.test'));
  });
});

describe('pruneDeliveredMail', () => {
  it('deletes mail delivered, logged or given up on more than 30 days ago, never pending mail', async () => {
    const { db } = database;
    // Now: the other tests' mail in this database was queued a moment ago, and stays.
    const now = Date.now();
    const old = now - OUTBOX_KEPT_MS - 1;
    const recent = now - OUTBOX_KEPT_MS + 60_000;
    const row = (toAddress: string, status: OutboxStatus, createdAt: number) => ({
      toAddress,
      subject: 's',
      text: 't',
      html: null,
      status,
      attempts: 1,
      createdAt,
    });
    await db('outbox').insert([
      row('old-sent@prune.test', 'sent', old),
      row('old-logged@prune.test', 'logged', old),
      row('old-failed@prune.test', 'failed', old),
      row('old-pending@prune.test', 'pending', old),
      row('recent-sent@prune.test', 'sent', recent),
    ]);
    expect(await pruneDeliveredMail(db, now)).toBe(3);
    const left = await db('outbox').where('toAddress', 'like', '%@prune.test').orderBy('toAddress').select('toAddress');
    expect(left.map((mail) => mail.toAddress)).toEqual(['old-pending@prune.test', 'recent-sent@prune.test']);
    expect(await pruneDeliveredMail(db, now)).toBe(0);
  });
});
