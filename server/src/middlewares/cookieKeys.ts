import { createHmac, timingSafeEqual } from 'node:crypto';
import type Keygrip from 'keygrip';

/**
 * The keys that sign the session cookie, newest first (SESSION_SECRET rotates by adding one in
 * front): a cookie signed with an older key still verifies, and Koa's cookies re-sign it with the
 * newest. Signatures are keygrip's, HMAC-SHA1 in base64url, so cookies signed before and after
 * this class verify alike.
 *
 * Hand-written where keygrip would do, for issue 54's dashboard and progress targets (bench/README.md):
 * keygrip compares a signature through tsscmp, which draws 32 random bytes and HMACs both sides,
 * so every signed-in request paid three HMACs and a randomBytes, about a tenth of a progress
 * report's server CPU in the bench's profile (30 Nov, `--cpu-prof`: Hmac, createHmac, digest and
 * randomFillSync under Keygrip.index). Here one HMAC per key tried and timingSafeEqual, which
 * compares equal-length digests in constant time. Re-measure: npm run bench -- --only dashboard,progress
 */
export class CookieKeys implements Keygrip {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('CookieKeys needs at least one key');
    this.keys = [...keys];
  }

  sign(data: string): string {
    return signature(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The position of the key that signed `data` as `digest`, or -1. */
  index(data: string, digest: string): number {
    if (typeof digest !== 'string') return -1;
    const given = Buffer.from(digest);
    for (const [position, key] of this.keys.entries()) {
      const expected = Buffer.from(signature(data, key));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return position;
    }
    return -1;
  }
}

const signature = (data: string, key: string): string => createHmac('sha1', key).update(data).digest('base64url');
