import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { runAdminCommand } from '../../../commands/adminCli.ts';
import { ConfigError } from '../../../config.ts';
import { ensureAdmin } from '../../../seed/admin.ts';
import { systemClock } from '../../../services/clock.ts';
import { createPasswordHasher } from '../../../services/passwords.ts';
import type { TestClient } from '../../../test/client.ts';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer();
let first: { id: number; email: string };
let firstClient: TestClient;

const verified = async (email: string) =>
  createUser(server.db, { email }).then(async (user) => {
    await server.db('users').where({ id: user.id }).update({ emailVerifiedAt: Date.now() });
    return user;
  });
const roleOf = async (id: number) => (await server.db('users').where({ id }).first())!.role;

beforeAll(async () => {
  first = await createAdmin(server.db, { email: 'first-admin@agency.test' });
  firstClient = server.client();
  await signIn(firstClient, first);
});

describe('ADMIN_EMAIL at start-up', () => {
  const logger = pino({ level: 'silent' });
  const passwords = createPasswordHasher(1);

  it('refuses to promote an account whose address was never verified, naming the fix', async () => {
    // Someone registered under the agency's address before the agency configured it.
    const squatter = await createUser(server.db, { email: 'owner@agency.test' });
    const attempt = ensureAdmin(server.db, passwords, { email: 'owner@agency.test', password: 'configured-password' }, logger);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/never been verified[\s\S]*npm run admin -- add/);
    expect(await roleOf(squatter.id)).toBe('learner');
  });

  it('promotes a verified account and creates a missing one', async () => {
    const owner = await verified('verified-owner@agency.test');
    await ensureAdmin(server.db, passwords, { email: owner.email, password: 'configured-password' }, logger);
    expect(await roleOf(owner.id)).toBe('admin');

    await ensureAdmin(server.db, passwords, { email: 'brand-new@agency.test', password: 'configured-password' }, logger);
    const created = await server.db('users').where({ email: 'brand-new@agency.test' }).first();
    expect(created!.role).toBe('admin');
    // Restarting with the same setting leaves the created admin alone.
    await ensureAdmin(server.db, passwords, { email: 'brand-new@agency.test', password: 'configured-password' }, logger);
    expect(await roleOf(created!.id)).toBe('admin');
  });
});

describe('the Admins panel: /api/admin/admins', () => {
  it('lists admins, grants the role to a verified account and refuses an unverified one', async () => {
    const colleague = await verified('colleague@agency.test');
    const stranger = await createUser(server.db, { email: 'unverified@agency.test' });

    const refused = await firstClient.post('/api/admin/admins', { email: stranger.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/not been verified/);
    expect(await roleOf(stranger.id)).toBe('learner');

    expect((await firstClient.post('/api/admin/admins', { email: 'nobody@agency.test' })).status).toBe(404);
    expect((await firstClient.post('/api/admin/admins', { email: 'not an address' })).status).toBe(400);

    const granted = await firstClient.post('/api/admin/admins', { email: ' Colleague@Agency.test ' });
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({ id: colleague.id, email: colleague.email, firstName: 'Test', lastName: expect.any(String), emailVerified: true });
    expect((await firstClient.post('/api/admin/admins', { email: colleague.email })).status).toBe(200);

    const list = await firstClient.get('/api/admin/admins');
    expect(list.status).toBe(200);
    expect(list.body.map((admin: { email: string }) => admin.email)).toContain(colleague.email);
    expect(list.body[0]).not.toHaveProperty('passwordHash');

    // The new admin can use the admin pages at once, without a restart.
    const colleagueClient = server.client();
    await signIn(colleagueClient, colleague);
    expect((await colleagueClient.get('/api/admin/admins')).status).toBe(200);

    const removed = await firstClient.delete(`/api/admin/admins/${colleague.id}`);
    expect(removed.status).toBe(200);
    expect(await roleOf(colleague.id)).toBe('learner');
    expect((await colleagueClient.get('/api/admin/admins')).status).toBe(403);
    expect((await firstClient.delete(`/api/admin/admins/${colleague.id}`)).status).toBe(404);
  });

  it('never removes the last admin, not even oneself', async () => {
    // Leave exactly one admin.
    await server.db('users').where({ role: 'admin' }).whereNot({ id: first.id }).update({ role: 'learner' });
    const refused = await firstClient.delete(`/api/admin/admins/${first.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only admin/);
    expect(await roleOf(first.id)).toBe('admin');

    // With a second admin, removing oneself is allowed and says so.
    const second = await verified('second@agency.test');
    expect((await firstClient.post('/api/admin/admins', { email: second.email })).status).toBe(201);
    const self = await firstClient.delete(`/api/admin/admins/${first.id}`);
    expect(self.status).toBe(200);
    expect(self.body.message).toMatch(/You are no longer an admin/);
    expect((await firstClient.get('/api/admin/admins')).status).toBe(403);
    // Put things back for the CLI tests.
    await server.db('users').where({ id: first.id }).update({ role: 'admin' });
  });

  it('is for admins only', async () => {
    const learner = server.client();
    await signIn(learner, await createUser(server.db));
    expect((await learner.get('/api/admin/admins')).status).toBe(403);
    expect((await learner.post('/api/admin/admins', { email: first.email })).status).toBe(403);
    expect((await server.client().get('/api/admin/admins')).status).toBe(401);
  });
});

describe('npm run admin', () => {
  const run = (...args: string[]) => runAdminCommand(server.db, systemClock, args);

  it('adds, lists and removes admins under the same rules', async () => {
    const teammate = await verified('cli-teammate@agency.test');
    const unverified = await createUser(server.db, { email: 'cli-unverified@agency.test' });

    expect(await run('add', 'cli-teammate@agency.test')).toEqual({ code: 0, lines: ['cli-teammate@agency.test is now an admin.'] });
    expect(await roleOf(teammate.id)).toBe('admin');
    const refused = await run('add', unverified.email);
    expect(refused.code).toBe(1);
    expect(refused.lines.join(' ')).toMatch(/not been verified/);

    const list = await run('list');
    expect(list.code).toBe(0);
    expect(list.lines).toContain('cli-teammate@agency.test');

    expect((await run('remove', teammate.email)).code).toBe(0);
    expect(await roleOf(teammate.id)).toBe('learner');
    expect((await run('remove', 'missing@agency.test')).code).toBe(1);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('add', 'not-an-address')).code).toBe(2);
  });

  it('refuses to remove the last admin', async () => {
    await server.db('users').where({ role: 'admin' }).whereNot({ id: first.id }).update({ role: 'learner' });
    const refused = await run('remove', first.email);
    expect(refused.code).toBe(1);
    expect(refused.lines.join(' ')).toMatch(/only admin/);
    expect(await roleOf(first.id)).toBe('admin');
  });
});
