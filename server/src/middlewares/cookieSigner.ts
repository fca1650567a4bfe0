import { createHmac, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';

type Signer = Exclude<Koa['keys'], string[]>;

const URL_SAFE: Record<string, string> = { '/': '_', '+': '-', '=': '' };

/** keygrip's signature: HMAC-SHA1 of `name=value`, base64 made URL-safe. */
const sign = (data: string, key: string): string =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/[/+=]/g, (char) => URL_SAFE[char]!);

/**
 * Signs and checks the session cookie exactly as keygrip does (Koa's default for `app.keys`), so
 * cookies issued before and after are interchangeable and key rotation works the same: the first
 * key signs, any key verifies. keygrip compares signatures in constant time by HMAC-ing both
 * under 32 fresh random bytes, which costs a getrandom call and two more HMACs on every request
 * with a cookie; timingSafeEqual is just as constant-time without them.
 */
/** How many verified signatures a signer remembers; past that it starts again from empty. */
export const VERIFIED_MEMORY = 10_000;

export function cookieSigner(keys: readonly string[]): Signer {
  if (keys.length === 0) throw new Error('cookieSigner needs at least one key');
  // A signed-in browser sends the same cookie and signature on every request. The answer for a
  // pair never changes while the keys do not (they are fixed for the signer's life), so a pair
  // that verified is remembered and the next request skips the HMACs. Only pairs that verified
  // are kept: a forged or tampered signature is checked in full every time, and finding a pair
  // in the memory tells nothing the response to it would not.
  const verified = new Map<string, number>();
  const index = (data: string, digest: string): number => {
    // Length-prefixed, so no other (data, digest) split of the same characters shares the key.
    const memoKey = `${digest.length}:${digest}${data}`;
    const known = verified.get(memoKey);
    if (known !== undefined) return known;
    const given = Buffer.from(digest);
    for (let i = 0; i < keys.length; i += 1) {
      const expected = Buffer.from(sign(data, keys[i]!));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        if (verified.size >= VERIFIED_MEMORY) verified.clear();
        verified.set(memoKey, i);
        return i;
      }
    }
    return -1;
  };
  return {
    sign: (data: string) => sign(data, keys[0]!),
    verify: (data: string, digest: string) => index(data, digest) > -1,
    index,
  };
}
