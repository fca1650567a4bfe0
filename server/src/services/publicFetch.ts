import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * A fetch for addresses that a user typed (a school's OpenID Connect issuer, and the endpoints its
 * discovery document names): it connects only to public unicast addresses, so a manager cannot
 * point the server at its own host, the private network or a cloud metadata service. The check
 * runs on the address actually dialled (undici's connect `lookup`), so a name that resolves to a
 * public address when checked and a private one when connected (DNS rebinding) is refused too.
 * Redirects are never followed: each hop would need the same check, and discovery needs none.
 */

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

  return async (input, init) => {
    const url = new URL(String(input));
    const host = hostOf(url);
    // An address written as such is dialled without a lookup, so it is checked here.
    if (ipaddr.isValid(host) && !allowed(host, options.allowLoopback)) throw new PrivateAddressError(host, host);
    const response = await undiciFetch(url, { ...init, redirect: 'manual', dispatcher } as Parameters<typeof undiciFetch>[1]);
    return response as unknown as Response;
  };
}

/** The PrivateAddressError behind a failed fetch (undici wraps it as `fetch failed`), if that was the reason. */
export function privateAddressIn(error: unknown): PrivateAddressError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof PrivateAddressError) return e;
  }
  return null;
}
