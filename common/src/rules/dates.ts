/**
 * The one way a date or a time is written for a person. Two kinds of value, never mixed:
 *
 * - an instant ("2026-11-29T04:37:00Z", a number of milliseconds): a moment, written as the
 *   calendar date (and clock time) it was for the reader, in the reader's time zone;
 * - a calendar date ("2026-12-03": deadlines, expiry days, week starts): a day, the same day for
 *   every reader, never shifted by a time zone (it is formatted as UTC midnight in UTC).
 *
 * The reader is the browser's (`navigator.language`, the browser's time zone) unless it is given
 * or pinned: the server pins the visitor's Accept-Language when it draws a page, and documents
 * and mails are written for the school (SCHOOL_READER: en-GB, Europe/London). No React and no
 * zod here: the widgets import this file as is.
 */

export interface Reader {
  /** A BCP 47 locale ("en-US"); unknown or malformed locales fall back to en-GB. */
  locale?: string | undefined;
  /** An IANA time zone ("America/Chicago"); absent: the runtime's own (the browser's). */
  timeZone?: string | undefined;
}

/** How the school's own documents (invoices, certificates' PDFs, mails) write dates. */
export const SCHOOL_READER: Readonly<Required<Reader>> = { locale: 'en-GB', timeZone: 'Europe/London' };

let pinned: Reader = {};

/**
 * Fixes the reader for everything written from now on (the server, around one page's render,
 * with the visitor's locale; tests, with a reader in Chicago). `{}` goes back to the browser's.
 */
export function pinReader(reader: Reader): void {
  pinned = { ...reader };
  // Formatters built for the runtime's own zone are forgotten too: a test that moves TZ gets new ones.
  formatters.clear();
}

/**
 * The pages are in English: a reader whose locale is another language's gets English words in
 * their region's order ("de-DE" → "en-DE": "29 November 2026", "fr-CA" → "en-CA").
 */
export function englishLocale(locale: string): string {
  const [language = '', ...rest] = locale.split(/[-_]/);
  if (language.toLowerCase() === 'en') return locale;
  const region = rest.find((part) => /^([A-Za-z]{2}|\d{3})$/.test(part));
  return region ? `en-${region.toUpperCase()}` : SCHOOL_READER.locale;
}

/** The reader dates are written for now: the pinned one, else the browser's locale and time zone. */
export function currentReader(reader?: Reader): Reader {
  // common is compiled without the DOM's types: the browser's navigator is looked up, not assumed.
  const browserLocale = (globalThis as { navigator?: { language?: string } }).navigator?.language;
  const locale = reader?.locale ?? pinned.locale ?? browserLocale;
  return { locale: locale ? englishLocale(locale) : SCHOOL_READER.locale, timeZone: reader?.timeZone ?? pinned.timeZone };
}

export type DateStyle = 'long' | 'short';

export interface DateOptions {
  /** "29 November 2026" / "November 29, 2026" (long, the default) or "29 Nov 2026" / "Nov 29, 2026". */
  style?: DateStyle;
  /** Leave the year out when the date falls in this year (the reader's year: see `currentYear`). */
  omitYearIn?: number;
  reader?: Reader;
}

// Building an Intl formatter costs far more than using one (tens of milliseconds for the first on
// a phone while it loads the locale's data), so each locale, zone and shape is built once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale || SCHOOL_READER.locale, { ...options, timeZone });
    } catch {
      // A malformed locale or an unknown zone: en-GB in the zone if that one is good, else London.
      try {
        format = new Intl.DateTimeFormat(SCHOOL_READER.locale, { ...options, timeZone });
      } catch {
        format = new Intl.DateTimeFormat(SCHOOL_READER.locale, { ...options, timeZone: SCHOOL_READER.timeZone });
      }
    }
    formatters.set(key, format);
  }
  return format;
}

const dateShape = (style: DateStyle, withYear: boolean): Intl.DateTimeFormatOptions => ({
  day: 'numeric',
  month: style === 'long' ? 'long' : 'short',
  ...(withYear ? { year: 'numeric' } : {}),
});

const toDate = (instant: string | number | Date): Date => (instant instanceof Date ? instant : new Date(instant));

/** The calendar date ("YYYY-MM-DD") an instant falls on for the reader. */
export function readerDay(instant: string | number | Date, reader?: Reader): string {
  const who = currentReader(reader);
  const parts = formatter('en-GB', who.timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(toDate(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The year it is now for the reader (a Chicago reader on 31 December at 22:37 is still in it). */
export function currentYear(reader?: Reader, now: number = Date.now()): number {
  return Number(readerDay(now, reader).slice(0, 4));
}

/** An instant as the reader's calendar date: "29 November 2026" in London, "November 28, 2026" at 22:37 in Chicago. */
export function formatInstantDate(instant: string | number | Date, options: DateOptions = {}): string {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  const who = currentReader(options.reader);
  const withYear = options.omitYearIn === undefined || Number(readerDay(date, options.reader).slice(0, 4)) !== options.omitYearIn;
  return formatter(who.locale, who.timeZone, dateShape(options.style ?? 'long', withYear)).format(date);
}

/** A calendar date ("2026-12-03") as the reader writes it, the same day in every time zone. */
export function formatCalendarDate(day: string, options: DateOptions = {}): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  const who = currentReader(options.reader);
  const withYear = options.omitYearIn === undefined || date.getUTCFullYear() !== options.omitYearIn;
  return formatter(who.locale, 'UTC', dateShape(options.style ?? 'long', withYear)).format(date);
}

/** An instant's clock time for the reader: "22:37" in en-GB, "10:37 PM" in en-US. */
export function formatClockTime(instant: string | number | Date, reader?: Reader): string {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  const who = currentReader(reader);
  return formatter(who.locale, who.timeZone, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** An instant's short date and clock time for the reader: "28 Nov, 22:37" / "Nov 28, 10:37 PM" (the year when not this one). */
export function formatDateTime(instant: string | number | Date, reader?: Reader, now: number = Date.now()): string {
  const date = toDate(instant);
  if (Number.isNaN(date.getTime())) return '';
  const who = currentReader(reader);
  const withYear = readerDay(date, reader).slice(0, 4) !== readerDay(now, reader).slice(0, 4);
  return formatter(who.locale, who.timeZone, { ...dateShape('short', withYear), hour: 'numeric', minute: '2-digit' }).format(date);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];
const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/** How long ago (or ahead) an instant is, in the reader's language: "just now", "5 minutes ago", "yesterday". */
export function formatRelativeTime(instant: string | number | Date, now: number = Date.now(), reader?: Reader): string {
  const then = toDate(instant).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const locale = currentReader(reader).locale ?? SCHOOL_READER.locale;
  let format = relativeFormatters.get(locale);
  if (!format) {
    try {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    } catch {
      format = new Intl.RelativeTimeFormat(SCHOOL_READER.locale, { numeric: 'auto' });
    }
    relativeFormatters.set(locale, format);
  }
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** An instant as the reader's short date, "21 Nov 2026" / "Nov 21, 2026" (invitations sent, work reviewed). */
export const formatShortDate = (instant: string | number | Date, reader?: Reader): string => formatInstantDate(instant, { style: 'short', reader });

/** A calendar date in a list of this year's dates: "3 March" this year, "3 March 2027" in another (the reader's year). */
export const formatDay = (day: string, reader?: Reader, now: number = Date.now()): string =>
  formatCalendarDate(day, { omitYearIn: currentYear(reader, now), reader });

/** An instant as the day it was for the reader, the year only when not this one: "28 November". */
export const formatDayOf = (instant: string | number | Date, reader?: Reader, now: number = Date.now()): string =>
  formatInstantDate(instant, { omitYearIn: currentYear(reader, now), reader });
