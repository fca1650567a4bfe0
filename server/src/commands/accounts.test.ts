import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../services/clock.ts';
import { DiskStorage } from '../services/storage/index.ts';
import { Mailer } from '../services/mail.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createAdmin, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { receiveContactMessage } from './contact.ts';
import { deleteAccount } from './deleteAccount.ts';
import { changePassword, requestPasswordReset, resetPassword } from './passwords.ts';
import { registerUser } from './register.ts';
import { hashToken } from '../services/tokens.ts';

// These accounts uploaded nothing: the storage is never touched.
const noFiles = { storage: new DiskStorage('/nonexistent/atrium-files'), logger: pino({ level: 'silent' }) };
let database: TestDatabase;
let mailer: Mailer;
const passwords = createPasswordHasher(2);
const brand = { brandName: 'Atrium', publicUrl: 'https://atrium.test', supportEmail: 'support@atrium.test' };

beforeAll(async () => {
  database = await createTestDatabase();
  // No SMTP and never flushed: the outbox rows are what these tests read.
  mailer = new Mailer(database.db, pino({ level: 'silent' }), { smtpUrl: null, from: 'Atrium <noreply@atrium.test>' });
});
afterAll(() => database.destroy());

const outboxFor = (to: string) => database.db('outbox').where({ toAddress: to }).orderBy('id');

describe('registerUser', () => {
  it('creates the learner and queues the verification mail with both parts', async () => {
    const user = await registerUser(
      database.db,
      { passwords, mailer, brand, clock: systemClock, mayMailVerification: async () => true },
      { email: 'new@school.test', password: 'a long enough password', firstName: 'New', lastName: 'Person' },
    );
    expect(user.role).toBe('learner');
    const mail = (await outboxFor('new@school.test'))[0]!;
    expect(mail.subject).toBe('Confirm your e-mail address for Atrium');
    expect(mail.text).toMatch(/verify-email\?token=[\w-]+/);
    expect(mail.html).toMatch(/href="https:\/\/atrium\.test\/verify-email\?token=[\w-]+"/);
  });

  it('refuses a taken address with 409 and writes nothing', async () => {
    const before = await database.db('outbox').count({ n: '*' }).first();
    await expect(
      registerUser(
        database.db,
        { passwords, mailer, brand, clock: systemClock, mayMailVerification: async () => true },
        { email: 'new@school.test', password: 'another long password', firstName: 'X', lastName: 'Y' },
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await database.db('outbox').count({ n: '*' }).first()).toEqual(before);
    expect(await database.db('users').where({ email: 'new@school.test' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('makes the account without the mail once the address has had its verification mails', async () => {
    const user = await registerUser(
      database.db,
      { passwords, mailer, brand, clock: systemClock, mayMailVerification: async () => false },
      { email: 'budget-spent@school.test', password: 'a long enough password', firstName: 'New', lastName: 'Person' },
    );
    expect(user.emailVerifiedAt).toBeNull();
    expect(await outboxFor('budget-spent@school.test')).toEqual([]);
  });
});

describe('password reset and change', () => {
  it('mails nothing for an unknown address', async () => {
    expect(await requestPasswordReset(database.db, mailer, brand, 'nobody@school.test', Date.now())).toBe(false);
    expect(await outboxFor('nobody@school.test')).toEqual([]);
  });

  it('resets once with the mailed token, spends it, ends sessions and tells the owner', async () => {
    const user = await createUser(database.db);
    expect(await requestPasswordReset(database.db, mailer, brand, user.email, Date.now())).toBe(true);
    const mail = (await outboxFor(user.email))[0]!;
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect(mail.html).toContain(`reset-password?token=${token}`);
    await database.db('sessions').insert({ id: `s-${user.id}`, userId: user.id, data: '{}', expiresAt: Date.now() + 60_000, createdAt: Date.now() });
    await resetPassword(database.db, { passwords, mailer, brand, clock: systemClock }, { token, newPassword: 'a brand new password' });
    expect(await database.db('sessions').where({ userId: user.id })).toEqual([]);
    const changed = (await outboxFor(user.email)).at(-1)!;
    expect(changed.subject).toBe('Your Atrium password was changed');
    expect(changed.html).toContain('every device was signed out');
    await expect(
      resetPassword(database.db, { passwords, mailer, brand, clock: systemClock }, { token, newPassword: 'yet another password' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const stored = await database.db('users').where({ id: user.id }).first();
    expect(await passwords.verify(stored!.passwordHash, 'a brand new password')).toBe(true);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(database.db);
    await database.db('passwordResets').insert({ userId: user.id, tokenHash: hashToken('old'), expiresAt: Date.now() - 1, createdAt: Date.now() - 10 });
    await expect(
      resetPassword(database.db, { passwords, mailer, brand, clock: systemClock }, { token: 'old', newPassword: 'whatever password' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('changes a password only with the current one, and mails the owner at a proven address', async () => {
    const row = await createUser(database.db, { emailVerifiedAt: Date.now() });
    const user = (await database.db('users').where({ id: row.id }).first())!;
    await expect(
      changePassword(database.db, { passwords, mailer, brand, clock: systemClock }, user, { currentPassword: 'wrong', newPassword: 'something longer' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await outboxFor(user.email)).toEqual([]);
    await changePassword(database.db, { passwords, mailer, brand, clock: systemClock }, user, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'something longer',
    });
    const mail = (await outboxFor(user.email))[0]!;
    expect(mail.text).toContain('your other devices were signed out');
    expect(mail.html).toContain('your other devices were signed out');
  });
});

describe('receiveContactMessage', () => {
  it('stores the message and queues its mail to support together', async () => {
    const input = { name: 'Grace', email: 'grace@school.test', company: null, phone: null, message: 'Hello\nthere', source: 'landing' as const };
    const id = await receiveContactMessage(database.db, systemClock, mailer, brand, input);
    expect(await database.db('contactMessages').where({ id }).first()).toMatchObject({ email: 'grace@school.test' });
    const mail = (await outboxFor('support@atrium.test')).at(-1)!;
    expect(mail.text).toContain('Reply to: Grace <grace@school.test>');
    expect(mail.html).toContain('Hello<br/>there');
  });
});

describe('deleteAccount', () => {
  it('needs the password and leaves the only admin in place', async () => {
    const onlyAdminRow = await createAdmin(database.db);
    await database.db('users').whereNot({ id: onlyAdminRow.id }).where({ role: 'admin' }).update({ role: 'learner' });
    const admin = (await database.db('users').where({ id: onlyAdminRow.id }).first())!;
    await expect(deleteAccount(database.db, passwords, admin, { password: 'wrong', certificates: 'keep' }, systemClock, noFiles)).rejects.toMatchObject({
      status: 400,
    });
    await expect(deleteAccount(database.db, passwords, admin, { password: TEST_PASSWORD, certificates: 'keep' }, systemClock, noFiles)).rejects.toMatchObject({
      status: 409,
    });
    expect((await database.db('users').where({ id: admin.id }).first())!.deletedAt).toBeNull();
  });

  it('anonymises a learner', async () => {
    const row = await createUser(database.db);
    const user = (await database.db('users').where({ id: row.id }).first())!;
    await deleteAccount(database.db, passwords, user, { password: TEST_PASSWORD, certificates: 'revoke' }, systemClock, noFiles);
    const after = (await database.db('users').where({ id: row.id }).first())!;
    expect(after.email).toMatch(/@deleted\.invalid$/);
    expect(after.deletedAt).not.toBeNull();
  });
});
