import { afterEach, expect, it } from 'vitest';
import { Scheduler } from '../scheduler/scheduler.ts';
import { makeTestKey, TestSamlIdp } from '../test/samlIdp.ts';
import { schoolWithManager } from '../test/schools.ts';
import { mailParts } from '../test/smtp.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { runSsoCertificateWarnings } from './ssoCertificates.ts';

const server = useTestServer({ smtp: true });
const DAY = 86_400_000;
afterEach(() => server.clock.reset());

/** One pass of the warning job at the clock's date, the outbox delivered; the mail that arrived. */
async function pass() {
  const before = server.smtp.messages.length;
  await new Scheduler(server.app.deps, [{ name: 'sso-certificate-warnings', intervalMs: 60 * 60_000, run: runSsoCertificateWarnings }]).tick();
  await server.app.deps.mailer.flush();
  return server.smtp.messages.slice(before);
}

it('tells the managers once, 30 days before the SAML certificate expires, and again for the next certificate', async () => {
  const { client, user, schoolId } = await schoolWithManager(server, 'Ash Academy');
  const idp = new TestSamlIdp();
  const saveWith = (days: number) =>
    client.put(`/api/schools/${schoolId}/identity-provider`, {
      kind: 'saml',
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificate: makeTestKey(days).certificate,
    });
  expect((await saveWith(45)).status).toBe(200);

  expect(await pass()).toEqual([]);
  server.clock.advance(10 * DAY);
  expect(await pass()).toEqual([]);
  server.clock.advance(6 * DAY);
  const warned = await pass();
  expect(warned.map((mail) => mail.to[0])).toEqual([user.email]);
  const text = mailParts(warned[0]!.raw).text!.replace(/\s+/g, ' ');
  expect(text).toMatch(/Ash Academy's own sign-in provider \(SAML\) expires on \d{4}-\d{2}-\d{2}/);
  expect(text).toContain(`${server.url}/school`);
  // Later passes send nothing more about this certificate.
  server.clock.advance(2 * DAY);
  expect(await pass()).toEqual([]);

  // A new certificate (another expiry) is warned about when its own time comes.
  server.clock.reset();
  expect((await saveWith(50)).status).toBe(200);
  server.clock.advance(19 * DAY);
  expect(await pass()).toEqual([]);
  server.clock.advance(2 * DAY);
  expect((await pass()).map((mail) => mail.to[0])).toEqual([user.email]);
});
