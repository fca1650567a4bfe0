import { describe, expect, it } from 'vitest';
import { cookieSigner, VERIFIED_MEMORY } from './cookieSigner.ts';

// Signatures keygrip 1.1 gives for these keys and data: cookies signed by either stay valid.
const KEYGRIP = { abc: 'O2Y77nnwd89K9oN7dCTuC1xHbbE', def: '9DcIZsutfjw7x8e74Iut-Wz8OJk' };

describe('cookieSigner', () => {
  it('signs as keygrip does, with the first key', () => {
    expect(cookieSigner(['abc', 'def']).sign('atrium.sid=xyz')).toBe(KEYGRIP.abc);
    // URL-safe base64 without padding, as keygrip makes it.
    expect(cookieSigner(['abc']).sign('atrium.sid=a+b/c')).toBe('JB6zA_PtXy5EBdvDy2iF1LWYcGc');
  });

  it('verifies with any key and says which, so a rotated-out key still reads old cookies', () => {
    const signer = cookieSigner(['abc', 'def']);
    expect(signer.index('atrium.sid=xyz', KEYGRIP.abc)).toBe(0);
    expect(signer.index('atrium.sid=xyz', KEYGRIP.def)).toBe(1);
    expect(signer.verify('atrium.sid=xyz', KEYGRIP.def)).toBe(true);
  });

  it('refuses a signature of other data, a tampered or truncated one, and one from an unknown key', () => {
    const signer = cookieSigner(['abc']);
    expect(signer.index('atrium.sid=xyz2', KEYGRIP.abc)).toBe(-1);
    expect(signer.index('atrium.sid=xyz', `${KEYGRIP.abc.slice(0, -1)}A`)).toBe(-1);
    expect(signer.index('atrium.sid=xyz', KEYGRIP.abc.slice(0, -1))).toBe(-1);
    expect(signer.verify('atrium.sid=xyz', KEYGRIP.def)).toBe(false);
    expect(signer.verify('atrium.sid=xyz', '')).toBe(false);
  });

  it('answers a remembered pair as before, and still refuses what is forged after a genuine pair was seen', () => {
    const signer = cookieSigner(['abc', 'def']);
    for (let round = 0; round < 3; round += 1) {
      expect(signer.index('atrium.sid=xyz', KEYGRIP.def)).toBe(1);
      expect(signer.index('atrium.sid=xyz', KEYGRIP.abc)).toBe(0);
      // The same signature on other data, and other data sharing the memory key's separator.
      expect(signer.index('atrium.sid=xyz2', KEYGRIP.def)).toBe(-1);
      expect(signer.index(`xyz\n${'atrium.sid=xyz'}`, KEYGRIP.def)).toBe(-1);
      expect(signer.index('atrium.sid=xyz', `${KEYGRIP.def}\natrium.sid=xyz`)).toBe(-1);
    }
  });

  it('keeps verifying correctly once its memory has filled and started again', () => {
    const signer = cookieSigner(['abc']);
    for (let i = 0; i <= VERIFIED_MEMORY + 5; i += 1) {
      const data = `atrium.sid=${i}`;
      expect(signer.index(data, signer.sign(data))).toBe(0);
    }
    expect(signer.index('atrium.sid=xyz', KEYGRIP.abc)).toBe(0);
    expect(signer.index('atrium.sid=xyz', KEYGRIP.def)).toBe(-1);
  });
});
