import { vi } from 'vitest';
import { STATUS_ERROR_IDS, type ApiErrorDto, type ApiErrorId, type UserDto } from '@atrium/common';

type Handler = (request: { url: string; method: string; body: unknown; init: RequestInit }) => unknown;
type Answer = { status: number; body?: unknown } | Handler;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fetch stand-in keyed by "METHOD /path". An answer is a status with a JSON body, or a
 * function returning one; unknown calls answer 404 so a test notices what it forgot.
 */
export function mockApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, body });
    let answer: Answer | undefined = routes[`${method} ${url.pathname}`];
    if (typeof answer === 'function') answer = (await answer({ url: url.pathname, method, body, init })) as Answer;
    const { status, body: payload } = (answer as { status: number; body?: unknown } | undefined) ?? fail(404, 'Not found');
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (body: unknown) => ({ status: 200, body });
/** An error answer shaped like the server's: {message, id}, the status's generic id unless named. */
export const fail = (status: number, message: string, id: ApiErrorId = STATUS_ERROR_IDS[status] ?? 'internal') => ({
  status,
  body: { message, id } satisfies ApiErrorDto,
});

export const learner: UserDto = {
  id: 7,
  email: 'priya@school.example',
  firstName: 'Priya',
  lastName: 'Shah',
  company: 'Example Academy',
  profileImageUrl: null,
  role: 'learner',
  createdAt: '2025-09-01T10:00:00.000Z',
};

export const admin: UserDto = { ...learner, id: 1, email: 'admin@school.example', firstName: 'Ada', role: 'admin' };

export const publicConfig = {
  brandName: 'Atrium Test',
  directorName: 'Alex Morgan',
  supportEmail: 'support@atrium.test',
  stripePublishableKey: null,
  publicUrl: 'https://atrium.test',
  signInProviders: [] as Array<'google' | 'microsoft'>,
  ssoStart: false,
};

/** mockApi for a page an admin opens: the signed-in admin and the site's config, then `routes`. */
export const mockAdminApi = (routes: Record<string, Answer>) => mockApi({ 'GET /api/user': ok(admin), 'GET /api/config': ok(publicConfig), ...routes });
