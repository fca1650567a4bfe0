import { describe, expect, it } from 'vitest';
import { createTestServer } from '../../../test/server.ts';
import { useTestServer } from '../../../test/useTestServer.ts';

const server = useTestServer({ env: { BRAND_NAME: 'Bright Schools', DIRECTOR_NAME: 'Sam Lee', SUPPORT_EMAIL: 'help@bright.test' } });

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const client = server.client();
    expect((await client.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with 405', async () => {
    const client = server.client();
    const missing = await client.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found', id: 'not_found' });
    expect((await client.request('PUT', '/api/login', { body: {} })).status).toBe(405);
  });

  it('carries a request id on every response', async () => {
    const response = await server.client().get('/healthz', { 'x-request-id': 'trace-1234567890' });
    expect(response.headers.get('x-request-id')).toBe('trace-1234567890');
    const generated = await server.client().get('/healthz', { 'x-request-id': 'bad id with spaces' });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports the database as unavailable on /readyz when it is gone, without a 500', async () => {
    const broken = await createTestServer();
    await broken.db.destroy();
    const ready = await broken.client().get('/readyz');
    expect(ready.status).toBe(503);
    const api = await broken.client().get('/api/courses');
    expect(api.status).toBe(503);
    expect(api.body.message).not.toMatch(/at .*\.ts|knex|sqlite/i);
    await broken.close().catch(() => undefined);
  });
});
