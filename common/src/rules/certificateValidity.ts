import { addMonths, DAY_MS, dayOf, isoDay } from './days.ts';

/** Days before a certificate expires from which its holder may renew it (the expiry reminder's). */
export const RENEWAL_WINDOW_DAYS = 30;

/**
 * When a certificate stops being valid: its course's validity in calendar months after the issue
 * instant (addMonths clamps 31 January + 1 month to the end of February). Every place that shows,
 * signs, reminds about or renews a certificate reads its expiry from here.
 */
export interface CertificateValidity {
  /** The instant it expires (ms since the epoch); at and after it the certificate has expired. */
  expiresAt: number;
  /** "2027-03-03": the UTC day of expiresAt, as certificates and reminders print it. */
  expiresOn: string;
  /** The first instant (00:00 UTC) renewal is open: RENEWAL_WINDOW_DAYS days before the expiry day. */
  renewalOpensAt: number;
}

/** The certificate's validity, or null for a course without one (its certificates never expire). */
export function certificateValidity(issuedAt: number, validityMonths: number | null): CertificateValidity | null {
  if (validityMonths === null) return null;
  const expiresAt = addMonths(issuedAt, validityMonths);
  return { expiresAt, expiresOn: isoDay(dayOf(expiresAt)), renewalOpensAt: (dayOf(expiresAt) - RENEWAL_WINDOW_DAYS) * DAY_MS };
}

/** Whether a certificate with this validity has expired at `now` (the app clock's time). */
export const hasExpired = (validity: CertificateValidity | null, now: number): boolean => validity !== null && validity.expiresAt <= now;

/**
 * The issue instants whose certificates expire on a day from `fromDay` to `toDay` (UTC day
 * numbers, both included), for a course valid `validityMonths`: a range for an indexed
 * `issuedAt` query, a day wider either side because month ends clamp (check each row's
 * expiresOn afterwards). The expiry reminders select with it.
 */
export function issuedForExpiryBetween(fromDay: number, toDay: number, validityMonths: number): { from: number; before: number } {
  return { from: addMonths(fromDay * DAY_MS, -validityMonths) - DAY_MS, before: addMonths((toDay + 1) * DAY_MS, -validityMonths) + DAY_MS };
}

/** The issue instant before which a certificate of a course valid `validityMonths` has expired at `now`. */
export const expiredIfIssuedBefore = (now: number, validityMonths: number): number => addMonths(now, -validityMonths);
