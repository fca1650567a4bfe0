import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';
import { routeGroup, Routes, sendPage } from './define.ts';
import { buildRoutes } from './index.ts';

/** Serves `routes` alone (signed out; an error's status as the answer) while `use` runs against it. */
async function serving(routes: Routes, use: (base: string) => Promise<void>): Promise<void> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    ctx.state.user = null;
    try {
      await next();
    } catch (error) {
      ctx.status = (error as { status?: number }).status ?? 500;
    }
  });
  app.use(routes.middleware() as never);
  const server = app.listen(0);
  try {
    await use(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  } finally {
    server.close();
  }
}

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

describe('rate limits in the route table', () => {
  // Routes that check a secret or send mail to an address someone typed: each must be limited.
  const SENSITIVE: Array<[string, string, string[]]> = [
    ['post', '/api/login', ['loginAddress', 'loginAccount']],
    ['post', '/api/register', ['register']],
    ['post', '/api/forgot-password', ['forgotAddress', 'forgotAccount']],
    ['post', '/api/reset-password', ['resetAddress']],
    ['post', '/api/user/password', ['loginAccount']],
    ['post', '/api/contact', ['contact']],
    ['post', '/api/verify-email', ['verifyAddress']],
    ['post', '/api/user/verify-email', ['verifyEmail']],
    ['post', '/api/schools/:id/invites/email', ['invite']],
    ['post', '/api/modules/:moduleId/comments', ['comment', 'commentReply', 'commentDay']],
    ['post', '/api/user/upload-avatar', ['upload']],
    ['get', '/api/unsubscribe', ['unsubscribe']],
    ['post', '/api/unsubscribe', ['unsubscribe']],
    ['get', '/api/auth/:provider/start', ['signInStart']],
    ['get', '/api/schools/:id/identity-provider/test', ['signInStart']],
    ['get', '/api/auth/:provider/callback', ['signInCallback']],
    ['post', '/api/schools/:id/roster', ['roster']],
    ['post', '/api/admin/schools/:id/roster', ['roster']],
    ['post', '/api/user/sign-ins/:provider/link', ['loginAccount']],
    // Resumable uploads: staging space per learner.
    ['post', '/api/uploads', ['uploadCreate']],
    ['patch', '/api/uploads/:uploadId', ['uploadTransfer']],
    ['head', '/api/uploads/:uploadId', ['uploadTransfer']],
  ];

  it('names the limits of every auth-sensitive route', () => {
    const table = buildRoutes().table;
    for (const [method, path, limits] of SENSITIVE) {
      const route = table.find((entry) => entry.method === method && entry.path === path);
      expect(route, `${method} ${path}`).toBeDefined();
      expect(route!.rateLimits, `${method} ${path}`).toEqual(limits);
    }
  });

  it('refuses to count a public route by a user it does not have', () => {
    const routes = new Routes();
    expect(() =>
      routes.add({ method: 'post', path: '/api/thing', access: 'public', answer: {}, rateLimit: { limit: 'contact', by: 'user' }, handler: () => undefined }),
    ).toThrow(/no user/);
  });

  it('answers 429 once a limit is spent, before a malformed body is even read', async () => {
    const server = await createTestServer({ RATE_LIMIT_MULTIPLIER: '0.001' });
    try {
      const client = server.client();
      // Contact is counted by address before validation: the spent limit answers even a bad body.
      expect((await client.post('/api/contact', {})).status).toBe(400);
      expect((await client.post('/api/contact', {})).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('the route spec answers for caching and paging', () => {
  it('sets the declared Cache-Control before access is checked, and a page with its total', async () => {
    const routes = new Routes();
    routes.add({ method: 'get', path: '/api/private', access: 'user', answer: {}, cache: 'no-store', handler() {} });
    routes.add({
      method: 'get',
      path: '/api/list',
      access: 'public',
      answer: {},
      cache: 'private, no-store',
      handler(ctx) {
        sendPage(ctx, { rows: [{ id: 3 }, { id: 4 }], total: 17 });
      },
    });
    routes.add({ method: 'get', path: '/api/open', access: 'public', answer: {}, handler: (ctx) => void (ctx.body = { ok: true }) });
    await serving(routes, async (base) => {
      const refused = await fetch(`${base}/api/private`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      const list = await fetch(`${base}/api/list`);
      expect(list.headers.get('cache-control')).toBe('private, no-store');
      expect(list.headers.get('x-total-count')).toBe('17');
      expect(await list.json()).toEqual([{ id: 3 }, { id: 4 }]);
      expect((await fetch(`${base}/api/open`)).headers.get('cache-control')).toBeNull();
      expect(routes.table.map((route) => route.cache)).toEqual(['no-store', 'private, no-store', undefined]);
    });
  });
});

describe('the route spec names a policy', () => {
  it('runs it after validation and before the handler, and lists its name in the table', async () => {
    const { z } = await import('zod');
    const { forbidden } = await import('../errors.ts');
    const calls: string[] = [];
    const ownThingOnly = (ctx: { input: { params: { id: number } } }) => {
      calls.push(`policy ${ctx.input.params.id}`);
      if (ctx.input.params.id !== 1) throw forbidden('Not yours');
    };
    const routes = new Routes();
    routes.add({
      method: 'get',
      path: '/api/things/:id',
      access: 'public',
      answer: {},
      params: z.object({ id: z.coerce.number().int().positive() }),
      policy: ownThingOnly,
      handler(ctx) {
        calls.push(`handler ${ctx.input.params.id}`);
        ctx.body = { ok: true };
      },
    });
    await serving(routes, async (base) => {
      expect((await fetch(`${base}/api/things/nope`)).status).toBe(400);
      expect((await fetch(`${base}/api/things/2`)).status).toBe(403);
      expect((await fetch(`${base}/api/things/1`)).status).toBe(200);
      expect(calls).toEqual(['policy 2', 'policy 1', 'handler 1']);
      expect(routes.table[0]!.policy).toBe('ownThingOnly');
    });
  });
});

describe('the route table names the school policies', () => {
  // The policies that narrow schoolManager further (each calls it first: policies/invitations.ts, deadlines.ts, schools.ts).
  const narrower: Record<string, string> = {
    'delete /api/schools/:id/members/:userId': 'schoolMemberRemover',
    'post /api/schools/:id/roster': 'invitationMailer',
    'post /api/schools/:id/invites/email': 'invitationMailer',
    'post /api/schools/:id/invites/:inviteId/resend': 'invitationMailer',
    'put /api/schools/:id/deadlines/:courseId': 'deadlineSetter',
    'get /api/schools/:id/insights/weekly': 'schoolInsightsReader',
    'get /api/schools/:id/insights/courses/:courseId': 'schoolInsightsReader',
  };

  it('every /api/schools/:id route names schoolManager, or a policy that narrows it', () => {
    const schoolRoutes = buildRoutes().table.filter((route) => route.path.startsWith('/api/schools/:id'));
    expect(schoolRoutes.length).toBeGreaterThan(20);
    for (const route of schoolRoutes) {
      const key = `${route.method} ${route.path}`;
      expect(`${key}: ${route.policy}`).toBe(`${key}: ${narrower[key] ?? 'schoolManager'}`);
    }
  });
});
