import knex from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from './mail.ts';
import { note } from '../test/mailNote.tsx';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { MovableClock } from '../test/movableClock.ts';
import { mailParts, startSmtpCapture } from '../test/smtp.ts';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});

describe('Mailer', () => {
  it('also delivers mail queued while a delivery run is under way', async () => {
    const mailer = new Mailer(database.db, logger, { smtpUrl: smtp.url, from: 'Atrium <noreply@atrium.test>' });
    await mailer.send(database.db, 'first@school.test', note, { subject: 'First', text: 'one' });
    const running = mailer.flush();
    await mailer.send(database.db, 'second@school.test', note, { subject: 'Second', text: 'two' });
    await Promise.all([running, mailer.flush()]);
    const statuses = await database.db('outbox').whereIn('toAddress', ['first@school.test', 'second@school.test']).pluck('status');
    expect(statuses).toEqual(['sent', 'sent']);
    await mailer.close();
  });

  it('sends the plain-text and the HTML part of what the template rendered, as alternatives', async () => {
    const mailer = new Mailer(database.db, logger, { smtpUrl: smtp.url, from: 'Atrium <noreply@atrium.test>' });
    await mailer.send(database.db, 'parts@school.test', note, { subject: 'Parts', text: 'Fish & <chips>' });
    await mailer.flush();
    const mail = await smtp.waitFor((m) => m.to.includes('parts@school.test'));
    const { text, html } = mailParts(mail.raw);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(text).toContain('Fish & <chips>');
    expect(html).toContain('Fish &amp; &lt;chips&gt;');
    expect(html).toMatch(/<html/i);
    await mailer.close();
  });

  it('keeps mail pending, with the error, when the mail server is down', async () => {
    const mailer = new Mailer(database.db, logger, { smtpUrl: 'smtp://127.0.0.1:1', from: 'Atrium <noreply@atrium.test>' });
    await mailer.send(database.db, 'later@school.test', note, { subject: 'Later', text: 'three' });
    await mailer.flush();
    const row = (await database.db('outbox').where({ toAddress: 'later@school.test' }).first())!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toBeTruthy();
    expect(Number(row.lockedUntil)).toBeGreaterThan(Date.now());
    await mailer.close();
  });

  it("retries on the app's clock: a failed delivery waits its back-off in app time, and moving the clock past it retries", async () => {
    const clock = new MovableClock();
    clock.advanceDays(30);
    const down = new Mailer(database.db, logger, { smtpUrl: 'smtp://127.0.0.1:1', from: 'Atrium <noreply@atrium.test>', clock });
    await down.send(database.db, 'clocked@school.test', note, { subject: 'Clocked', text: 'five' });
    const queued = (await database.db('outbox').where({ toAddress: 'clocked@school.test' }).first())!;
    expect(Number(queued.createdAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await down.flush();
    const failed = (await database.db('outbox').where({ toAddress: 'clocked@school.test' }).first())!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(failed.lockedUntil)).toBeGreaterThan(clock.now().getTime());
    await down.close();

    // The server is back, but the back-off has not passed on the app's clock: nothing is tried.
    const up = new Mailer(database.db, logger, { smtpUrl: smtp.url, from: 'Atrium <noreply@atrium.test>', clock });
    await up.flush();
    expect((await database.db('outbox').where({ id: failed.id }).first())!.status).toBe('pending');
    clock.advance(60 * 60_000);
    await up.flush();
    const sent = (await database.db('outbox').where({ id: failed.id }).first())!;
    expect(sent.status).toBe('sent');
    expect(Number(sent.sentAt)).toBeGreaterThanOrEqual(clock.now().getTime() - 60_000);
    await up.close();
  });

  it('writes mail to the log when no SMTP server is configured', async () => {
    const mailer = new Mailer(database.db, logger, { smtpUrl: null, from: 'Atrium <noreply@atrium.test>' });
    await mailer.send(database.db, 'logged@school.test', note, { subject: 'Logged', text: 'four' });
    await mailer.flush();
    expect((await database.db('outbox').where({ toAddress: 'logged@school.test' }).first())!.status).toBe('logged');
  });

  it('logs a database outage once, not once per kick', async () => {
    const lines: Array<{ level: string; msg: string }> = [];
    const recording = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // A MariaDB that is not there: port 1 refuses every connection.
    const down = knex({
      client: 'mysql2',
      connection: { host: '127.0.0.1', port: 1, user: 'atrium' },
      pool: { min: 0, max: 2, propagateCreateError: true },
      acquireConnectionTimeout: 2000,
    });
    const mailer = new Mailer(down, recording, { smtpUrl: null, from: 'Atrium <noreply@atrium.test>' });
    for (let i = 0; i < 30; i += 1) mailer.kick();
    await mailer.close();
    await new Promise((resolve) => setImmediate(resolve));
    await down.destroy();
    expect(lines.filter((line) => line.msg === 'mail flush failed')).toEqual([]);
    expect(lines.filter((line) => line.msg.startsWith('database unavailable'))).toHaveLength(1);
  });
});
