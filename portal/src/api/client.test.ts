import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, createQueryClient, defaultQueryFn, errorText, failedWithNothingToShow, hasErrorId } from './client.ts';

function mockFetch(status: number, body: string, contentType = 'application/json', statusText = '') {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body || null, { status, statusText, headers: { 'content-type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends credentials and JSON, and parses the JSON answer', async () => {
    const fetchMock = mockFetch(200, '{"id":1}');
    await expect(api.post('/api/login', { email: 'a@b.c', password: 'x' })).resolves.toEqual({ id: 1 });
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c","password":"x"}');
  });

  it('raises "status: body" on a non-OK answer (SPEC §8)', async () => {
    mockFetch(401, '{"message":"Invalid email or password"}');
    const error = await api.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password"}');
    expect((error as ApiError).serverMessage).toBe('Invalid email or password');
    expect(errorText(error, 'fallback')).toBe('Invalid email or password');
  });

  it("exposes the server's stable error id, which code branches on instead of the message", async () => {
    mockFetch(409, '{"message":"An account with this email already exists.","id":"email_taken"}');
    const error = await api.post('/api/register', {}).catch((caught: unknown) => caught);
    expect((error as ApiError).id).toBe('email_taken');
    expect(hasErrorId(error, 'conflict', 'email_taken')).toBe(true);
    expect(hasErrorId(error, 'conflict')).toBe(false);
    expect(hasErrorId(new Error('email_taken'), 'email_taken')).toBe(false);
  });

  it('has no id when the answer is not our JSON error', async () => {
    mockFetch(502, '<html>Bad gateway</html>', 'text/html');
    const error = await api.get('/api/dashboard').catch((caught: unknown) => caught);
    expect((error as ApiError).id).toBeNull();
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(503, '', 'text/plain', 'Service Unavailable');
    await expect(api.get('/api/dashboard')).rejects.toThrow('503: Service Unavailable');
  });

  it('errorText: no raw validator or status text reaches a person (issue 34)', () => {
    const answer = (status: number, body: string) => new ApiError(status, '', body);
    expect(errorText(answer(400, '{"message":"Too big: expected string to have <=100 characters","id":"validation_failed"}'), 'fallback')).toBe(
      'Too long: at most 100 characters',
    );
    expect(errorText(answer(415, 'Unsupported Media Type'), 'fallback')).toBe('The server could not read what was sent. Please try again.');
    expect(errorText(answer(429, ''), 'fallback')).toBe('Too many attempts. Please wait a moment and try again.');
    expect(errorText(answer(502, '<html>Bad gateway</html>'), 'The dashboard could not be loaded.')).toBe('The dashboard could not be loaded.');
    expect(errorText(new Error('500: {"message":"x"}'), 'fallback')).toBe('fallback');
    expect(errorText(new Error('Failed to fetch student'), 'fallback')).toBe('fallback');
  });

  it('sends FormData as is, without a JSON content type', async () => {
    const fetchMock = mockFetch(200, '{}');
    const form = new FormData();
    form.append('profileImage', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/api/user/upload-avatar', form);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('the default query function GETs the first element of the key', async () => {
    const fetchMock = mockFetch(200, '[1,2]');
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/courses'] })).resolves.toEqual([1, 2]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/courses');
    expect(defaultQueryFn).toBeTypeOf('function');
  });

  it('has the SPEC §7 defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: false, staleTime: 0, refetchOnWindowFocus: false, refetchInterval: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('failedWithNothingToShow', () => {
  const unavailable = new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The database is busy', id: 'service_unavailable' }));
  const gone = new ApiError(404, 'Not Found', JSON.stringify({ message: 'Not found', id: 'not_found' }));

  it('is true for a first read that failed, and for an answer that takes the page away', () => {
    expect(failedWithNothingToShow({ isError: true, data: undefined, error: unavailable })).toBe(true);
    expect(failedWithNothingToShow({ isError: true, data: { id: 3 }, error: gone })).toBe(true);
    for (const status of [401, 403]) {
      expect(failedWithNothingToShow({ isError: true, data: { id: 3 }, error: new ApiError(status, 'No', '') })).toBe(true);
    }
  });

  it('is false for a refresh that failed with the page already drawn, and for a read that worked', () => {
    expect(failedWithNothingToShow({ isError: true, data: { id: 3 }, error: unavailable })).toBe(false);
    expect(failedWithNothingToShow({ isError: true, data: { id: 3 }, error: new TypeError('Failed to fetch') })).toBe(false);
    expect(failedWithNothingToShow({ isError: false, data: { id: 3 }, error: null })).toBe(false);
  });
});
