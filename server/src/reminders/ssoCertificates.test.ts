import { afterEach, expect, it } from 'vitest';
import { Scheduler } from '../scheduler/scheduler.ts';
import { makeTestKey, TestSamlIdp } from '../test/samlIdp.ts';
import { createUser } from '../test/factories.ts';
import { schoolWithManager } from '../test/schools.ts';
import { mailParts, type CapturedMail } from '../test/smtp.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { runSsoCertificateWarnings } from './ssoCertificates.ts';

const server = useTestServer({ smtp: true });
const DAY = 86_400_000;
afterEach(() => server.clock.reset());

/** The Subject header, unfolded. */
const subjectOf = (mail: CapturedMail) =>
  /^Subject: (.*)$/im.exec(mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? null;

/** One pass of the warning job at the clock's date, the outbox delivered; the mail that arrived. */
async function pass() {
  const before = server.smtp.messages.length;
  await new Scheduler(server.app.deps, [{ name: 'sso-certificate-warnings', intervalMs: 60 * 60_000, run: runSsoCertificateWarnings }]).tick();
  await server.app.deps.mailer.flush();
  return server.smtp.messages.slice(before);
}

it('tells the verified managers once, 30 days before the SAML certificate expires, and again for the next certificate', async () => {
  const { client, user, schoolId } = await schoolWithManager(server, 'Ash Academy');
  await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
  // A manager whose address nobody proved (anyone can register one under a stranger's address) gets nothing.
  const unverified = await createUser(server.db);
  await server.db('schoolMembers').insert({ schoolId, userId: unverified.id, role: 'manager', joinedAt: Date.now() });
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
  // The school's name is whatever its founder typed: quoted in the body, never in the Subject.
  expect(subjectOf(warned[0]!)).toMatch(/^Your sign-in provider's certificate expires on \d{4}-\d{2}-\d{2}$/);
  const text = mailParts(warned[0]!.raw).text!.replace(/\s+/g, ' ');
  expect(text).toMatch(/sign-in provider \(SAML\) you connected on .+ expires on \d{4}-\d{2}-\d{2}/);
  expect(text).toContain('School or trust: "Ash Academy"');
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

it("warns a trust's verified managers only", async () => {
  await server.db('schedulerJobs').delete();
  const now = server.clock.now().getTime();
  const [trustId] = await server.db('trusts').insert({ name: 'Birch Trust', createdAt: now });
  const verified = await createUser(server.db);
  const unverified = await createUser(server.db);
  await server.db('users').where({ id: verified.id }).update({ emailVerifiedAt: now });
  await server.db('trustManagers').insert([
    { trustId: Number(trustId), userId: verified.id, joinedAt: now },
    { trustId: Number(trustId), userId: unverified.id, joinedAt: now },
  ]);
  await server.db('identityProviders').insert({
    trustId: Number(trustId),
    schoolId: null,
    kind: 'saml',
    entityId: 'https://idp.birch.test',
    ssoUrl: 'https://idp.birch.test/sso',
    certificates: makeTestKey(10).certificate,
    certificateExpiresAt: now + 10 * DAY,
    required: false,
    createdAt: now,
    updatedAt: now,
  });
  const warned = await pass();
  expect(warned.map((mail) => mail.to[0])).toEqual([verified.email]);
  expect(subjectOf(warned[0]!)).not.toContain('Birch');
  expect(mailParts(warned[0]!.raw).text).toContain('School or trust: "Birch Trust"');
});
