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
      // The same signature on other data.
      expect(signer.index('atrium.sid=xyz2', KEYGRIP.def)).toBe(-1);
    }
  });

  it('never takes another split of a remembered pair’s characters for it', () => {
    const signer = cookieSigner(['abc']);
    // A genuine pair whose data holds the characters a naive memory key would join on.
    const data = 'atrium.sid=a\nb:c';
    const digest = signer.sign(data);
    expect(signer.index(data, digest)).toBe(0);
    // Every way to move characters from the data into the signature: plainly, and across the
    // newline or colon a joined key would put between them.
    for (let cut = 1; cut < data.length; cut += 1) {
      const [head, tail] = [data.slice(0, cut), data.slice(cut)];
      expect(signer.index(tail, `${digest}${head}`)).toBe(-1);
      if (head.endsWith('\n') || head.endsWith(':')) {
        expect(signer.index(tail, `${digest}${head.slice(-1)}${head.slice(0, -1)}`)).toBe(-1);
      }
      for (const separator of ['\n', ':']) {
        const at = data.indexOf(separator, 0);
        if (at > 0) expect(signer.index(data.slice(at + 1), `${digest}${separator}${data.slice(0, at)}`)).toBe(-1);
      }
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
