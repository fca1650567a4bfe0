import { describe, expect, it } from 'vitest';
import { useTestServer } from './useTestServer.ts';

const server = useTestServer({ smtp: true, env: { BRAND_NAME: 'Harbour Training' } });

let readBeforeStart: unknown;
try {
  void server.db;
} catch (error) {
  readBeforeStart = error;
}

describe('useTestServer', () => {
  it('refuses to be read before the file starts it', () => {
    expect(readBeforeStart).toBeInstanceOf(Error);
    expect((readBeforeStart as Error).message).toMatch(/beforeAll/);
  });

  it('serves the real app on a migrated database with the env it was given', async () => {
    const response = await server.client().get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body.brandName).toBe('Harbour Training');
    expect(await server.db('courses').count({ n: '*' })).toHaveLength(1);
  });

  it('sends the app mail to its own SMTP listener', async () => {
    expect(server.config.smtpUrl).toBe(server.smtp.url);
    const sent = await server.client().post('/api/contact', { name: 'Grace Hopper', email: 'grace@harbour-school.test', message: 'Hello' });
    expect(sent.status).toBe(201);
    await server.app.deps.mailer.flush();
    const mail = await server.smtp.waitFor((m) => /Grace Hopper/.test(m.raw));
    expect(mail.to).toEqual(['support@atrium.test']);
  });

  it('says which option a helper it was not asked for needs', () => {
    expect(() => (server as unknown as { stripe: unknown }).stripe).toThrow(/stripe: true/);
  });
});
