import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The keys that sign the session cookie, given to Koa as `app.keys` (the cookies package calls
 * sign() and index()). The signatures are keygrip's own (HMAC-SHA1, base64url, newest key
 * first), so cookies stay valid either way; they are compared with Node's timingSafeEqual.
 * keygrip's comparison (tsscmp) draws fresh random bytes and computes two more HMACs for every
 * cookie it checks, which on every signed-in request cost more than the rest of the session's
 * handling.
 */
export class CookieKeys {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('CookieKeys needs at least one key');
  }

  sign(data: string): string {
    return signature(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` as `digest`, or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    for (let index = 0; index < this.keys.length; index += 1) {
      const expected = Buffer.from(signature(data, this.keys[index]!));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return index;
    }
    return -1;
  }
}

const signature = (data: string, key: string): string => createHmac('sha1', key).update(data).digest('base64url');
