import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from './cookieKeys.ts';

describe('CookieKeys', () => {
  const keys = ['newest-secret-0123456789', 'older-secret-9876543210'];

  it("signs as Koa's keygrip does, so cookies signed by either verify under the other", () => {
    const ours = new CookieKeys(keys);
    const theirs = Keygrip(keys);
    for (const data of ['atrium.sid=abc', 'atrium.sid=' + 'x'.repeat(200), 'é ü 🙂', '']) {
      expect(ours.sign(data)).toBe(theirs.sign(data));
      expect(ours.index(data, theirs.sign(data))).toBe(0);
      expect(theirs.index(data, ours.sign(data))).toBe(0);
    }
  });

  it('answers which key signed a value: an older key still verifies (rotation), a foreign or altered one does not', () => {
    const ours = new CookieKeys(keys);
    const byOlder = Keygrip([keys[1]!]).sign('atrium.sid=abc');
    expect(ours.index('atrium.sid=abc', byOlder)).toBe(1);
    expect(ours.verify('atrium.sid=abc', byOlder)).toBe(true);
    expect(ours.index('atrium.sid=abd', byOlder)).toBe(-1);
    expect(ours.index('atrium.sid=abc', Keygrip(['someone-else']).sign('atrium.sid=abc'))).toBe(-1);
    expect(ours.index('atrium.sid=abc', byOlder.slice(0, -1))).toBe(-1);
    expect(ours.index('atrium.sid=abc', '')).toBe(-1);
    expect(ours.verify('atrium.sid=abc', undefined as unknown as string)).toBe(false);
  });

  it('answers a cookie seen before as it did the first time, and never remembers a refusal', () => {
    const ours = new CookieKeys(keys);
    const byOlder = Keygrip([keys[1]!]).sign('atrium.sid=abc');
    for (let round = 0; round < 3; round++) {
      expect(ours.index('atrium.sid=abc', byOlder)).toBe(1);
      expect(ours.index('atrium.sid=abc', ours.sign('atrium.sid=abc'))).toBe(0);
      // The same signature on another value, or another signature on this one, is still refused.
      expect(ours.index('atrium.sid=abd', byOlder)).toBe(-1);
      expect(
        ours.index(
          'atrium.sid=abc',
          byOlder.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
        ),
      ).toBe(-1);
    }
    // Past its bound it starts again, and still answers every cookie by its HMAC.
    for (let n = 0; n < 10_050; n++) expect(ours.index(`atrium.sid=${n}`, ours.sign(`atrium.sid=${n}`))).toBe(0);
    expect(ours.index('atrium.sid=abc', byOlder)).toBe(1);
  });

  it('refuses to be made without a key', () => {
    expect(() => new CookieKeys([])).toThrow(/at least one key/);
  });
});
