import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { SESSIONS_PER_USER } from './sessions.ts';

const server = useTestServer();

describe('sessions per account', () => {
  it('keep the newest ones: a sign-in past the limit ends the oldest session, not the new one', async () => {
    const user = await createUser(server.db);
    const clients = [];
    for (let i = 0; i < SESSIONS_PER_USER + 3; i += 1) {
      const client = server.client();
      // A session lapses a whole idle window after its last use: apart by a millisecond or more,
      // their order is exact.
      await new Promise((resolve) => setTimeout(resolve, 2));
      await signIn(client, user);
      clients.push(client);
    }
    expect(await server.db('sessions').where({ userId: user.id }).count({ n: '*' })).toEqual([{ n: SESSIONS_PER_USER }]);
    // The first three sign-ins are over; the rest, the last one included, still are.
    for (const client of clients.slice(0, 3)) expect((await client.get('/api/user')).status).toBe(401);
    for (const client of clients.slice(3)) expect((await client.get('/api/user')).status).toBe(200);
  });

  it('leave other accounts alone', async () => {
    const [ada, ben] = await Promise.all([createUser(server.db), createUser(server.db)]);
    const adas = server.client();
    await signIn(adas, ada);
    for (let i = 0; i < SESSIONS_PER_USER; i += 1) await signIn(server.client(), ben);
    expect((await adas.get('/api/user')).status).toBe(200);
  });
});
