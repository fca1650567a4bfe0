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
  /**
   * Cookies already verified, by value and signature, with the key's position: a signed-in
   * browser sends the same cookie with every request, and its HMAC was about 4 % of a dashboard
   * answer's server CPU (1 Dec profile). Only a signature that verified is remembered, and the keys
   * never change in a process, so an entry answers what the HMAC would. Bounded: emptied when full.
   */
  private readonly verified = new Map<string, number>();

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
    const remembered = `${digest}\n${data}`;
    const known = this.verified.get(remembered);
    if (known !== undefined) return known;
    const given = Buffer.from(digest);
    for (const [position, key] of this.keys.entries()) {
      const expected = Buffer.from(signature(data, key));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
        this.verified.set(remembered, position);
        return position;
      }
    }
    return -1;
  }
}

/** Verified cookies remembered at most (about 1 MB): more signed-in browsers than one instance serves within its hour. */
const VERIFIED_KEPT = 10_000;

const signature = (data: string, key: string): string => createHmac('sha1', key).update(data).digest('base64url');
