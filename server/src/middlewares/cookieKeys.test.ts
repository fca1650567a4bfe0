import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from './cookieKeys.ts';

describe('CookieKeys', () => {
  it('signs exactly as keygrip does, so existing cookies stay valid', () => {
    for (const data of ['atrium.sid=abc', 'atrium.sid=a+b/c=', 'x'.repeat(300)]) {
      expect(new CookieKeys(['first', 'second']).sign(data)).toBe(new Keygrip(['first', 'second']).sign(data));
    }
  });

  it('knows which key signed, newest first, so a secret can be rotated', () => {
    const rotated = new CookieKeys(['new', 'old']);
    expect(rotated.index('atrium.sid=abc', new Keygrip(['new']).sign('atrium.sid=abc'))).toBe(0);
    expect(rotated.index('atrium.sid=abc', new Keygrip(['old']).sign('atrium.sid=abc'))).toBe(1);
    expect(rotated.verify('atrium.sid=abc', new Keygrip(['gone']).sign('atrium.sid=abc'))).toBe(false);
  });

  it('refuses a tampered value, a tampered or truncated signature, and no keys', () => {
    const keys = new CookieKeys(['k']);
    const digest = keys.sign('atrium.sid=abc');
    expect(keys.verify('atrium.sid=abd', digest)).toBe(false);
    expect(keys.verify('atrium.sid=abc', `${digest.slice(0, -1)}${digest.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(keys.verify('atrium.sid=abc', digest.slice(0, 10))).toBe(false);
    expect(keys.verify('atrium.sid=abc', '')).toBe(false);
    expect(() => new CookieKeys([])).toThrow();
  });
});
