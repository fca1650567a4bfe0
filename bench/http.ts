/** Plain HTTP helpers for the set-up steps (autocannon drives the measured load). */

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  // koa-session's signed cookie: the id and its signature, both needed.
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error(`sign-in of ${email} set no cookie`);
  return cookie;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the results. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function getJson<T>(base: string, path: string, cookie?: string): Promise<{ status: number; body: T; bytes: Buffer }> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(60_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: JSON.parse(bytes.toString('utf8')) as T, bytes };
}

/**
 * Waits until the server answers /healthz within 20 ms (work queued by the previous scenario,
 * such as abandoned sign-ins, has drained), for at most `timeoutMs`.
 */
export async function settle(base: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (performance.now() - started < 20) return;
    } catch {
      // busy or restarting: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
