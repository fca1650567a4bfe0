import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createAdmin, createCourse, createModule, createUser, enroll, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { mailParts, startSmtpCapture } from '../../../test/smtp.ts';
import { hashToken, newToken } from '../../../services/tokens.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function twoDevices() {
  const user = await createUser(server.db, { firstName: 'Priya', lastName: 'Shah', emailVerifiedAt: Date.now() });
  const laptop = server.client();
  const phone = server.client();
  await signIn(laptop, user);
  await signIn(phone, user);
  return { user, laptop, phone };
}

describe('POST /api/user/password', () => {
  it('changes the password, signs out the other devices, keeps this one and mails the owner', async () => {
    const { user, laptop, phone } = await twoDevices();
    const response = await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' });
    expect(response.status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    const mail = mailParts((await smtp.waitFor((m) => m.to.includes(user.email) && /password was changed/i.test(m.raw))).raw);
    expect(mail.text).toContain('your other devices were signed out');
    expect(mail.html).toContain('your other devices were signed out');
    expect((await server.client().post('/api/login', { email: user.email, password: 'a-new-password' })).status).toBe(200);
  });

  it("tells only a proven address: an account registered under someone else's address changes its password without mailing it", async () => {
    const user = await createUser(server.db);
    const client = server.client();
    await signIn(client, user);
    expect((await client.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'first-new-password' })).status).toBe(200);
    expect((await client.post('/api/user/password', { currentPassword: 'first-new-password', newPassword: 'second-new-password' })).status).toBe(200);
    expect(await server.db('outbox').where({ toAddress: user.email })).toEqual([]);
  });

  it('spends the reset links already mailed: one from before the change cannot set the password again', async () => {
    const { user, laptop } = await twoDevices();
    // A "Forgot your password?" link mailed earlier, still within its hour.
    const token = newToken();
    await server.db('passwordResets').insert({ userId: user.id, tokenHash: hashToken(token), expiresAt: Date.now() + 60 * 60 * 1000, createdAt: Date.now() });
    expect((await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'owner-chose-this' })).status).toBe(200);
    const reset = await server.client().post('/api/reset-password', { token, newPassword: 'someone-else-chose' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toMatch(/invalid or has expired/);
    expect((await laptop.get('/api/user')).status).toBe(200);
    expect((await server.client().post('/api/login', { email: user.email, password: 'owner-chose-this' })).status).toBe(200);
  });

  it('needs the current password and a new one of at least 6 characters', async () => {
    const { laptop } = await twoDevices();
    const wrong = await laptop.post('/api/user/password', { currentPassword: 'not-it', newPassword: 'a-new-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toBeTruthy();
    expect((await laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: '123' })).status).toBe(400);
    expect((await server.client().post('/api/user/password', { currentPassword: 'x', newPassword: 'yyyyyyy' })).status).toBe(401);
  });
});

describe('a session saved by a request that was already under way when its sessions ended', () => {
  /** The session id in a client's cookie. */
  const sessionIdOf = (client: ReturnType<TestServer['client']>) => /(?:^|; )atrium\.sid=([^;]+)/.exec(client.cookieHeader)![1]!;

  it('stays ended: a password change elsewhere is not undone by the other device’s save', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSession = sessionIdOf(phone);
    // The phone's session is more than half way to expiry: its next answer saves it again (koa-session's renew).
    const row = (await server.db('sessions').where({ id: phoneSession }).first())!;
    await server
      .db('sessions')
      .where({ id: phoneSession })
      .update({ data: JSON.stringify({ ...JSON.parse(row.data), _expire: Date.now() + 60_000 }) });
    // The owner changes the password on the laptop while a request of the phone has read its session and not yet answered.
    const database = server.database;
    const read = database.readSessionWithUser.bind(database);
    let changed: Promise<{ status: number }> | null = null;
    database.readSessionWithUser = async (id) => {
      const found = await read(id);
      if (id === phoneSession && !changed) {
        changed = laptop.post('/api/user/password', { currentPassword: TEST_PASSWORD, newPassword: 'changed-meanwhile' });
        expect((await changed).status).toBe(200);
      }
      return found;
    };
    try {
      await phone.get('/api/user');
    } finally {
      database.readSessionWithUser = read;
    }
    expect(changed).not.toBeNull();
    expect(await server.db('sessions').where({ id: phoneSession }).first()).toBeUndefined();
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(200);
  });
});

describe('POST /api/user/sign-out-everywhere', () => {
  it('ends every session of the user and only theirs', async () => {
    const { laptop, phone } = await twoDevices();
    const bystander = await twoDevices();
    expect((await phone.post('/api/user/sign-out-everywhere')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await bystander.laptop.get('/api/user')).status).toBe(200);
  });
});

describe('GET /api/user/export', () => {
  it('downloads the learner’s own data as JSON, without secrets', async () => {
    const { user, laptop } = await twoDevices();
    const course = await createCourse(server, { title: 'Podcasting' });
    const module = await createModule(server, course.id);
    const marked = await createModule(server, course.id);
    await enroll(server.db, user.id, course.id);
    await laptop.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: 120 });
    // Mark as Complete with nothing played: SPEC's watchedDuration is the whole duration, playedSeconds says 0.
    await laptop.post('/api/progress', { moduleId: marked.id, courseId: course.id, watchedDuration: marked.duration, isCompleted: true });
    await laptop.post(`/api/modules/${module.id}/comments`, { comment: 'Great module' });
    const response = await laptop.get('/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="atrium-my-data-\d{4}-\d{2}-\d{2}\.json"/);
    expect(response.body.profile).toMatchObject({ email: user.email, firstName: 'Priya' });
    expect(response.body.enrollments).toEqual([expect.objectContaining({ course: 'Podcasting' })]);
    expect(response.body.progress[0]).toMatchObject({ watchedDuration: 120, playedSeconds: 120 });
    expect(response.body.progress[1]).toMatchObject({ watchedDuration: marked.duration, playedSeconds: 0, isCompleted: true });
    expect(response.body.comments[0]).toMatchObject({ comment: 'Great module' });
    expect(response.text).not.toMatch(/passwordHash|argon2/);
  });
});

describe('DELETE /api/user', () => {
  async function withCertificate() {
    const { user, laptop, phone } = await twoDevices();
    const course = await createCourse(server);
    const module = await createModule(server, course.id);
    await enroll(server.db, user.id, course.id);
    const done = await laptop.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: 0, isCompleted: true });
    await laptop.post(`/api/modules/${module.id}/comments`, { comment: 'My comment' });
    return { user, laptop, phone, number: done.body.certificateNumber as string, module };
  }

  it('anonymises the account, keeps the certificate verifiable under a pseudonym and frees the address', async () => {
    const { user, laptop, phone, number, module } = await withCertificate();
    expect(number).toBeTruthy();
    const response = await laptop.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' });
    expect(response.status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    const row = await server.db('users').where({ id: user.id }).first();
    expect(row!.email).not.toBe(user.email);
    expect(row!.firstName).toBe('Former');
    expect(row!.deletedAt).toBeTruthy();
    const certificate = await server.client().get(`/api/certificates/${number}`);
    expect(certificate.status).toBe(200);
    expect(certificate.body.studentName).toBe('Former learner');
    expect(JSON.stringify(certificate.body)).not.toContain('Priya');
    const admin = await createAdmin(server.db);
    const adminClient = server.client();
    await signIn(adminClient, admin);
    const comments = await adminClient.get(`/api/modules/${module.id}/comments`);
    expect(comments.body[0]).toMatchObject({ comment: 'My comment', userFirstName: 'Former', userLastName: 'learner' });
    expect(comments.body[0].userEmail).not.toBe(user.email);
    expect((await server.client().post('/api/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/register', { email: user.email, password: 'secret-123' })).status).toBe(201);
  });

  it('revokes certificates when the learner chooses so', async () => {
    const { laptop, number } = await withCertificate();
    expect((await laptop.delete('/api/user', { password: TEST_PASSWORD, certificates: 'revoke' })).status).toBe(200);
    expect((await server.client().get(`/api/certificates/${number}`)).status).toBe(404);
  });

  it('needs the password and a choice, and refuses to delete the last admin', async () => {
    const { laptop } = await twoDevices();
    expect((await laptop.delete('/api/user', { password: 'wrong', certificates: 'keep' })).status).toBe(400);
    expect((await laptop.delete('/api/user', { password: TEST_PASSWORD })).status).toBe(400);
    // An account with a password confirms with it, however recently it signed in.
    const unconfirmed = await laptop.delete('/api/user', { certificates: 'keep' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.errors).toEqual({ password: 'Enter your password' });
    const solo = await createTestServer();
    try {
      const admin = await createAdmin(solo.db);
      const client = solo.client();
      await signIn(client, admin);
      expect((await client.delete('/api/user', { password: TEST_PASSWORD, certificates: 'keep' })).status).toBe(409);
    } finally {
      await solo.close();
    }
  });
});
