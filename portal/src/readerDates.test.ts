import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every date a page or a widget writes goes through common/src/rules/dates.ts, which writes it in
// the reader's time zone and locale (and a calendar date on its own day). A formatter built
// anywhere else, or a UTC day cut from an ISO string, is how "tomorrow, in British order" reached
// a reader in Chicago at 22:37 (issue 53).
const FORBIDDEN: Array<[RegExp, string]> = [
  [/new Intl\.DateTimeFormat\(/, 'an Intl.DateTimeFormat of its own'],
  [/new Intl\.RelativeTimeFormat\(/, 'an Intl.RelativeTimeFormat of its own'],
  [/\.toLocale(Date|Time)?String\(\s*\)/, 'toLocaleString() on a date'],
  [/\.toLocale(Date|Time)String\(/, 'toLocaleDateString / toLocaleTimeString'],
  [/toISOString\(\)\.slice\(0, 10\)/, 'the UTC day of an instant'],
  [/\bformatLongDate\b|\bformatDueDate\b/, "the school's document formatter (mails and PDFs only)"],
  [/At\.slice\(0, 10\)/, 'the UTC day cut from an instant'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates in the portal and the widgets', () => {
  it('are all written by the one reader formatter', () => {
    const root = join(__dirname, '..', '..');
    const offences = [join(root, 'portal', 'src'), join(root, 'widgets', 'src')].flatMap(sources).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${relative(root, file)}: ${what}`);
    });
    expect(offences).toEqual([]);
  });
});
