/**
 * A small signed-in HTTP client for tests: keeps the session cookie and sends the Origin the
 * server expects for state-changing requests (CSRF origin check).
 */
export async function signedInClient(baseUrl: string, credentials: { email: string; password: string }, register?: { firstName?: string; lastName?: string }) {
  let cookie = '';
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length) cookie = setCookies.map((value) => value.split(';')[0]).join('; ');
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  // Registering signs the new account in, as the /auth form does.
  await call('POST', register ? '/api/register' : '/api/login', register ? { ...credentials, ...register } : credentials);
  return call;
}
