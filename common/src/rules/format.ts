import { formatInstantDate, SCHOOL_READER } from './dates.ts';

/** Estimated course hours: modules × 0.25, rounded (SPEC §9). */
export function estimatedHours(totalModules: number): number {
  return Math.round(totalModules * 0.25);
}

/**
 * The estimated length in words, wherever a course's hours are written: "1 hour", "3 hours",
 * and "Under 1 hour" for a course too short to round to an hour (never "0 hours" or "1 hours").
 */
export function hoursPhrase(totalModules: number): string {
  const hours = estimatedHours(totalModules);
  if (hours < 1) return 'Under 1 hour';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

const pluralRules = new Intl.PluralRules('en-GB');

/**
 * "1 enrollment", "3 enrollments", "0 learners": a count with its noun in the right number. `many`
 * defaults to `one` + "s"; pass it for the nouns that do not take an s ("person", "people").
 */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${pluralRules.select(count) === 'one' ? one : many}`;
}

/**
 * A length of video as a person says it, from seconds, rounded to the minute and never up to the
 * hour: "58 minutes", "1 hour", "1 hour 25 minutes", "Under 1 minute".
 */
export function videoLengthPhrase(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'Under 1 minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [...(hours ? [counted(hours, 'hour')] : []), ...(rest ? [counted(rest, 'minute')] : [])];
  return parts.join(' ');
}

/** m:ss from seconds, for module durations. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Admin duration entry: "MM:SS" (or "H:MM:SS") or decimal minutes ("7.5") to seconds.
 * Empty means 0; anything else unparseable is null so the form can say so.
 */
export function parseDurationInput(input: string): number | null {
  const value = input.trim();
  if (value === '') return 0;
  if (/^\d+(:[0-5]?\d){1,2}$/.test(value)) {
    return value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  }
  if (/^\d+(\.\d+)?$/.test(value) || /^\.\d+$/.test(value)) {
    return Math.round(Number(value) * 60);
  }
  return null;
}

/**
 * Long British date of an instant, e.g. "21 November 2026", for the school's own documents and
 * mails (SCHOOL_READER). Pages write dates for their reader (rules/dates.ts) instead.
 */
export function formatLongDate(iso: string): string {
  return formatInstantDate(iso, { reader: SCHOOL_READER });
}

export function percentage(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * The first words of someone's text, on one line, cut at a word boundary within `max`
 * characters with an ellipsis: a reply e-mail's quote, the bell's line.
 */
export function excerpt(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
