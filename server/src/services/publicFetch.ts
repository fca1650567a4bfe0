import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { TransformStream } from 'node:stream/web';
import ipaddr from 'ipaddr.js';
import { Agent, Response as UndiciResponse, fetch as undiciFetch } from 'undici';

/**
 * A fetch for addresses that a user typed (a school's OpenID Connect issuer, and the endpoints its
 * discovery document names): it connects only to public unicast addresses, so a manager cannot
 * point the server at its own host, the private network or a cloud metadata service. The check
 * runs on the address actually dialled (undici's connect `lookup`), so a name that resolves to a
 * public address when checked and a private one when connected (DNS rebinding) is refused too.
 * Redirects are never followed: each hop would need the same check, and discovery needs none.
 * What comes back is bounded too: a body past `maxBytes` fails as it arrives (its Content-Length
 * is not trusted), and a whole exchange, body included, past `timeoutMs` is aborted, so an issuer
 * that sends without end can neither fill the server's memory nor hold a request open.
 */

/** A discovery document or a JWKS is a few kB; a token response too. */
export const PUBLIC_FETCH_MAX_BYTES = 1024 * 1024;
/** Discovery, JWKS and token requests together wait at most this long (openid-client's own timeout is per request). */
export const PUBLIC_FETCH_TIMEOUT_MS = 10_000;

export class ResponseTooLargeError extends Error {
  constructor(
    readonly host: string,
    readonly maxBytes: number,
  ) {
    super(`${host} answered with more than ${Math.round(maxBytes / 1024)} kB`);
    this.name = 'ResponseTooLargeError';
  }
}

export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(address === host ? `${host} is not a public address` : `${host} resolves to ${address}, which is not a public address`);
    this.name = 'PrivateAddressError';
  }
}

export interface PublicFetchOptions {
  /** Loopback addresses too: local and test issuers outside production. Private ranges stay refused. */
  allowLoopback: boolean;
  /** The resolver; the system's by default (tests give one that answers a private address). */
  lookup?: typeof systemLookup;
  /** The most bytes of a body read (PUBLIC_FETCH_MAX_BYTES by default). */
  maxBytes?: number;
  /** The most time one request may take, its body included (PUBLIC_FETCH_TIMEOUT_MS by default). */
  timeoutMs?: number;
}

/** fetch's shape as openid-client calls it: a URL and plain options (method, headers, body, signal). */
type Fetch = (url: string, init?: object) => Promise<Response>;

function allowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ::ffff:10.0.0.1 is 10.0.0.1: judged as the IPv4 address it carries.
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export function publicFetch(options: PublicFetchOptions): Fetch {
  const resolve = options.lookup ?? systemLookup;
  const lookup = (
    hostname: string,
    lookupOptions: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !allowed(a.address, options.allowLoopback));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
      if (lookupOptions.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const dispatcher = new Agent({ connect: { lookup: lookup as never } });

  const maxBytes = options.maxBytes ?? PUBLIC_FETCH_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? PUBLIC_FETCH_TIMEOUT_MS;

  return async (input, init) => {
    const url = new URL(String(input));
    const host = hostOf(url);
    // An address written as such is dialled without a lookup, so it is checked here.
    if (ipaddr.isValid(host) && !allowed(host, options.allowLoopback)) throw new PrivateAddressError(host, host);
    const callerSignal = (init as { signal?: AbortSignal | null } | undefined)?.signal;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
    const response = await undiciFetch(url, { ...init, signal, redirect: 'manual', dispatcher } as Parameters<typeof undiciFetch>[1]);
    return bounded(response, host, maxBytes) as unknown as Response;
  };
}

/** The response with a body that fails once more than `maxBytes` have arrived. */
function bounded(response: UndiciResponse, host: string, maxBytes: number): UndiciResponse {
  if (!response.body) return response;
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body.cancel().catch(() => {});
    throw new ResponseTooLargeError(host, maxBytes);
  }
  let seen = 0;
  const body = response.body.pipeThrough(
    new TransformStream<ArrayBufferView | undefined, Uint8Array>({
      transform(chunk, controller) {
        if (!chunk) return;
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new ResponseTooLargeError(host, maxBytes));
        else controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      },
    }),
  );
  return new UndiciResponse(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The PrivateAddressError behind a failed fetch (undici wraps it as `fetch failed`), if that was the reason. */
export function privateAddressIn(error: unknown): PrivateAddressError | null {
  return causeOf(error, PrivateAddressError);
}

/** The ResponseTooLargeError behind a failed fetch or a failed read of its body, if that was the reason. */
export function tooLargeIn(error: unknown): ResponseTooLargeError | null {
  return causeOf(error, ResponseTooLargeError);
}

function causeOf<T extends Error>(error: unknown, kind: new (...args: never[]) => T): T | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof kind) return e;
  }
  return null;
}
