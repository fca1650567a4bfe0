import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './dates.ts';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says just now for the last 45 seconds', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
  });

  it('uses the largest fitting unit', () => {
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 7 * 24 * 3600), now)).toBe('3 weeks ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('returns nothing for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
