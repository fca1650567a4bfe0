/**
 * A response body as the tests read it: untyped JSON, whose shape each test asserts. The one
 * `any` in the test code: typing every body with its DTO is the way to remove it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UntypedJson = any;

export interface TestResponse<T = UntypedJson> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar: one instance is one browser. */
export class TestClient {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (one shared cookie jar) reaching another server, as through a load balancer. */
  at(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.cookies);
  }

  /** Another browser holding a copy of this one's cookies as they are now (a replayed cookie). */
  copy(baseUrl = this.baseUrl): TestClient {
    return new TestClient(baseUrl, new Map(this.cookies));
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = UntypedJson>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = UntypedJson>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = UntypedJson>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers });
  }
  put<T = UntypedJson>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }
  patch<T = UntypedJson>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T = UntypedJson>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, { body });
  }
}
