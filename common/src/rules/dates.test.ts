import { afterEach, describe, expect, it } from 'vitest';
import {
  currentYear,
  englishLocale,
  formatCalendarDate,
  formatClockTime,
  formatDateTime,
  formatInstantDate,
  formatRelativeTime,
  pinReader,
  readerDay,
  SCHOOL_READER,
} from './dates.ts';

const chicago = { locale: 'en-US', timeZone: 'America/Chicago' };
// 22:37 on Saturday 28 November 2026 in Chicago; already Sunday the 29th in London.
const lateEvening = '2026-11-29T04:37:00Z';

afterEach(() => pinReader({}));

describe('dates as the reader reads them', () => {
  it('writes an instant as the calendar date it is for the reader, in their format', () => {
    expect(formatInstantDate(lateEvening, { reader: chicago })).toBe('November 28, 2026');
    expect(formatInstantDate(lateEvening, { reader: SCHOOL_READER })).toBe('29 November 2026');
    expect(formatInstantDate(lateEvening, { reader: chicago, style: 'short' })).toBe('Nov 28, 2026');
    expect(readerDay(lateEvening, chicago)).toBe('2026-11-28');
  });

  it('keeps a calendar date on its day in every time zone', () => {
    for (const timeZone of ['America/Chicago', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London']) {
      expect(formatCalendarDate('2026-03-03', { reader: { locale: 'en-US', timeZone } })).toBe('March 3, 2026');
      expect(formatCalendarDate('2026-03-03', { reader: { locale: 'en-GB', timeZone } })).toBe('3 March 2026');
    }
  });

  it('leaves the year out only in the reader’s current year', () => {
    expect(formatCalendarDate('2026-03-03', { reader: chicago, omitYearIn: 2026 })).toBe('March 3');
    expect(formatCalendarDate('2027-03-03', { reader: chicago, omitYearIn: 2026 })).toBe('March 3, 2027');
    // New Year's Eve at 22:37 in Chicago is still the old year there.
    expect(currentYear(chicago, Date.parse('2027-01-01T04:37:00Z'))).toBe(2026);
    expect(formatInstantDate('2027-01-01T04:37:00Z', { reader: chicago, omitYearIn: 2026 })).toBe('December 31');
  });

  it('writes clock times and date-times in the reader’s zone and clock', () => {
    expect(formatClockTime(lateEvening, chicago)).toBe('10:37 PM');
    expect(formatClockTime(lateEvening, SCHOOL_READER)).toBe('4:37');
    expect(formatDateTime(lateEvening, chicago, Date.parse(lateEvening))).toBe('Nov 28, 10:37 PM');
    expect(formatDateTime(lateEvening, chicago, Date.parse('2027-06-01T00:00:00Z'))).toBe('Nov 28, 2026, 10:37 PM');
  });

  it('follows a pinned reader, and English words in another language’s region', () => {
    pinReader(chicago);
    expect(formatInstantDate(lateEvening)).toBe('November 28, 2026');
    expect(englishLocale('de-DE')).toBe('en-DE');
    expect(englishLocale('fr')).toBe('en-GB');
    expect(formatCalendarDate('2026-03-03', { reader: { locale: 'de-DE' } })).toBe('3 March 2026');
  });

  it('falls back instead of throwing on a bad locale or zone, and says nothing for a bad value', () => {
    expect(formatCalendarDate('2026-03-03', { reader: { locale: 'not a locale!!', timeZone: 'Mars/Olympus' } })).toBe('3 March 2026');
    expect(formatInstantDate('not a date')).toBe('');
    expect(formatCalendarDate('nope')).toBe('');
  });

  it('says how long ago in words', () => {
    const now = Date.parse(lateEvening);
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 86_400_000, now)).toBe('yesterday');
  });
});
