import { cleanup, configure, fireEvent } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait for a state, not for a time: their default second is a race a busy
// machine loses (a render or a dynamic import that takes longer there). An answered wait returns
// at once, so the longer limit costs a quiet run nothing. The portal's setup says the same.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Imported first by every widget test: the widgets project has no setup file of its own, and
 * Testing Library only cleans up by itself when test globals are on.
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/** Stubs global fetch with a handler and records every call (URL, method, parsed JSON body). */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A promise with its resolve function outside, to hold a request open mid-test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Types a whole value at once: what user-event's type() does, without its per-key cost. */
export function fill(element: Element, value: string) {
  fireEvent.change(element, { target: { value } });
}
