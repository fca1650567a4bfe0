import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/useTestServer.ts';
import { createAdmin, createUser, signIn } from '../../../test/factories.ts';
import type { TestClient } from '../../../test/client.ts';

const server = useTestServer();
let admin: TestClient;
let learnerClient: TestClient;

beforeAll(async () => {
  admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  learnerClient = server.client();
  await signIn(learnerClient, await createUser(server.db));
});

describe('contact messages inbox', () => {
  it('lists messages newest first with X-Total-Count and marks them handled and back', async () => {
    const older = await server.client().post('/api/contact', { name: 'First', email: 'first@school.test', message: 'one' });
    const newer = await server.client().post('/api/contact', { name: 'Second', email: 'second@school.test', message: 'two', source: 'widget' });
    expect([older.status, newer.status]).toEqual([201, 201]);

    const list = await admin.get('/api/admin/contact-messages');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((m: { name: string }) => m.name)).toEqual(['Second', 'First']);
    expect(list.body[0]).toMatchObject({ email: 'second@school.test', message: 'two', source: 'widget', company: null, handledAt: null });

    const id = list.body[0].id;
    const handled = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: true });
    expect(handled.status).toBe(200);
    expect(Date.parse(handled.body.handledAt)).toBeGreaterThan(0);
    const again = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: true });
    expect(again.body.handledAt).toBe(handled.body.handledAt);
    expect((await admin.get('/api/admin/overview')).body.unhandledMessages).toBe(1);

    const reopened = await admin.patch(`/api/admin/contact-messages/${id}`, { handled: false });
    expect(reopened.body.handledAt).toBeNull();
    expect(
      await server
        .db('contactMessages')
        .where({ id })
        .first()
        .then((row) => row!.handledAt),
    ).toBeNull();

    const paged = await admin.get('/api/admin/contact-messages?limit=1&offset=1');
    expect(paged.body.map((m: { name: string }) => m.name)).toEqual(['First']);
  });

  it('answers 400 for a bad body, 404 for an unknown message, 403 for learners', async () => {
    expect((await admin.patch('/api/admin/contact-messages/1', { handled: 'yes' })).status).toBe(400);
    expect((await admin.patch('/api/admin/contact-messages/999999', { handled: true })).status).toBe(404);
    expect((await learnerClient.get('/api/admin/contact-messages')).status).toBe(403);
    expect((await learnerClient.patch('/api/admin/contact-messages/1', { handled: true })).status).toBe(403);
    expect((await server.client().get('/api/admin/contact-messages')).status).toBe(401);
  });
});
