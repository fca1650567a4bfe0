import { describe, expect, it } from 'vitest';
import { CERTIFICATE_NUMBER_PATTERN, newCertificateNumber } from './issueCertificate.ts';

describe('newCertificateNumber', () => {
  it('writes 80 random bits as four groups of Crockford base32', () => {
    const numbers = Array.from({ length: 2000 }, newCertificateNumber);
    for (const number of numbers) expect(number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Every one of the 32 symbols turns up in every position: the bits are spread, not clumped.
    const body = numbers.map((number) => number.slice(4).replace(/-/g, ''));
    for (let position = 0; position < 16; position += 1) {
      const seen = new Set(body.map((chars) => chars[position]));
      expect(seen.size, `position ${position}`).toBe(32);
    }
  });
});
