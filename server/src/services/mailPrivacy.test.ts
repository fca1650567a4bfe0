import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { generateCredentialSigningKey, loadConfig } from '../config.ts';
import { loggedPath } from '../middlewares/requestContext.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { note } from '../test/mailNote.tsx';
import { mailParts, startSmtpCapture } from '../test/smtp.ts';
import { createTestServer } from '../test/server.ts';
import { Mailer } from './mail.ts';

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const SECRET = 'Zq9x-reset-token-abcdefghijklmnop';

describe('the outbox keeps links only until the mail is sent', () => {
  it('delivers the link, then stores the message without it (text, HTML and List-Unsubscribe)', async () => {
    const mailer = new Mailer(database.db, pino({ level: 'silent' }), { smtpUrl: smtp.url, from: 'Atrium <noreply@atrium.test>' });
    const link = `https://atrium.example/reset-password?token=${SECRET}`;
    await mailer.send(
      database.db,
      'reset@school.test',
      note,
      { subject: 'Reset', text: `Choose a new password: ${link} (one hour)` },
      {
        'List-Unsubscribe': `<https://atrium.example/api/unsubscribe?token=${SECRET}>`,
      },
    );
    await mailer.flush();
    const delivered = await smtp.waitFor((m) => m.to.includes('reset@school.test'));
    expect(mailParts(delivered.raw).text).toContain(link);

    const row = (await database.db('outbox').where({ toAddress: 'reset@school.test' }).first())!;
    expect(row.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.text).toContain('Choose a new password: [link removed after delivery] (one hour)');
    expect(row.html).toContain('[link removed after delivery]');
    expect(JSON.parse(row.headers!)).toEqual({ 'List-Unsubscribe': '<[link removed after delivery]>' });
    await mailer.close();
  });
});

describe('mail bodies in the log', () => {
  it('are not logged in production (no SMTP): who and what only, the body stays in the outbox', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = new Mailer(database.db, logger, { smtpUrl: null, from: 'Atrium <noreply@atrium.test>', logBodies: false });
    await mailer.send(database.db, 'prod@school.test', note, { subject: 'Reset', text: `https://atrium.example/reset-password?token=${SECRET}` });
    await mailer.flush();
    expect(lines.join('')).toContain('prod@school.test');
    expect(lines.join('')).not.toContain(SECRET);
    expect((await database.db('outbox').where({ toAddress: 'prod@school.test' }).first())!.text).toContain(SECRET);
    await mailer.close();
  });

  it('are turned off by NODE_ENV=production in the app', async () => {
    const { logger, lines } = recordingLogger();
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'production-secret', CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey() });
    const app = createApp({ config, database: database.database, logger });
    await app.deps.mailer.send(database.db, 'app-prod@school.test', note, { subject: 'Join', text: `https://atrium.example/join?token=${SECRET}` });
    await app.deps.mailer.flush();
    await app.close();
    expect(lines.join('')).toContain('app-prod@school.test');
    expect(lines.join('')).not.toContain(SECRET);
  });
});

describe('the access log', () => {
  it('keeps no token from a path', async () => {
    expect(loggedPath(`/api/invites/${SECRET}/accept`)).toBe('/api/invites/:redacted/accept');
    expect(loggedPath(`/api/invites/${SECRET}`)).toBe('/api/invites/:redacted');
    expect(loggedPath('/api/schools/12/domains/oak.sch.uk')).toBe('/api/schools/12/domains/oak.sch.uk');
  });

  it('writes the redacted path for a real request', async () => {
    const server = await createTestServer({ LOG_LEVEL: 'info' });
    const { logger, lines } = recordingLogger();
    server.app.deps.logger = logger;
    try {
      await server.client().get(`/api/invites/${SECRET}?token=${SECRET}`);
      const line = lines.find((entry) => entry.includes('"msg":"request"'));
      expect(line).toContain('/api/invites/:redacted');
      expect(lines.join('')).not.toContain(SECRET);
    } finally {
      await server.close();
    }
  });
});
