import { describe, expect, it } from 'vitest';
import { certificateValidity, expiredIfIssuedBefore, hasExpired, issuedForExpiryBetween, RENEWAL_WINDOW_DAYS } from './certificateValidity.ts';
import { dayOf, parseIsoDay } from './days.ts';

const at = (iso: string) => Date.parse(iso);

describe('certificateValidity', () => {
  it('expires the given calendar months after issue, clamped to the month end, and opens renewal 30 days before', () => {
    const validity = certificateValidity(at('2026-01-31T10:00:00Z'), 1)!;
    expect(validity.expiresAt).toBe(at('2026-02-28T10:00:00Z'));
    expect(validity.expiresOn).toBe('2026-02-28');
    expect(validity.renewalOpensAt).toBe(at('2026-01-29T00:00:00Z'));
    expect(RENEWAL_WINDOW_DAYS).toBe(30);
    expect(certificateValidity(at('2026-03-03T09:00:00Z'), 12)!.expiresOn).toBe('2027-03-03');
  });

  it('never expires without a validity, and has expired from the expiry instant on', () => {
    expect(certificateValidity(at('2026-01-01T00:00:00Z'), null)).toBeNull();
    expect(hasExpired(null, at('2099-01-01T00:00:00Z'))).toBe(false);
    const validity = certificateValidity(at('2026-01-01T12:00:00Z'), 6)!;
    expect(hasExpired(validity, at('2026-07-01T11:59:59Z'))).toBe(false);
    expect(hasExpired(validity, at('2026-07-01T12:00:00Z'))).toBe(true);
    expect(expiredIfIssuedBefore(at('2026-07-01T12:00:00Z'), 6)).toBe(at('2026-01-01T12:00:00Z'));
  });

  it('gives an issue range holding every certificate expiring in the days asked', () => {
    const from = parseIsoDay('2026-03-01');
    const range = issuedForExpiryBetween(from, from + 30, 12);
    for (const issued of ['2025-03-01T00:00:00Z', '2025-03-15T12:00:00Z', '2025-03-31T23:59:59Z']) {
      const expiryDay = dayOf(certificateValidity(at(issued), 12)!.expiresAt);
      expect(expiryDay >= from && expiryDay <= from + 30).toBe(true);
      expect(at(issued) >= range.from && at(issued) < range.before).toBe(true);
    }
  });
});
