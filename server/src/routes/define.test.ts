import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';
import { routeGroup, Routes } from './define.ts';

describe('routeGroup', () => {
  it('is the first two segments, lower-cased, without trailing slashes', () => {
    expect(routeGroup('/api/courses/12/modules')).toBe('/api/courses');
    expect(routeGroup('/api/courses/')).toBe('/api/courses');
    expect(routeGroup('/API/Dashboard')).toBe('/api/dashboard');
    expect(routeGroup('/healthz')).toBe('/healthz');
    expect(routeGroup('/')).toBe('');
  });
});

describe('dispatch by route group', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('puts every route of the table in the group its own path names', () => {
    for (const route of server.app.routeTable) expect(route.path.toLowerCase().startsWith(routeGroup(route.path))).toBe(true);
  });

  it('matches as @koa/router does: any case, a trailing slash, 405 for a wrong method, 404 for an unknown path', async () => {
    const client = server.client();
    expect((await client.get('/API/Courses')).status).toBe(200);
    expect((await client.get('/api/courses/')).status).toBe(200);
    expect((await client.get('/healthz')).status).toBe(200);
    expect((await client.delete('/api/courses')).status).toBe(405);
    const unknown = await client.get('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', id: 'not_found' });
  });
});
