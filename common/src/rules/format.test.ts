import { describe, expect, it } from 'vitest';
import { counted, estimatedHours, excerpt, hoursPhrase, formatDuration, formatLongDate, parseDurationInput, percentage, videoLengthPhrase } from './format.ts';

describe('estimatedHours', () => {
  it('is modules × 0.25, rounded', () => {
    expect(estimatedHours(7)).toBe(2);
    expect(estimatedHours(5)).toBe(1);
    expect(estimatedHours(12)).toBe(3);
  });
});

describe('hoursPhrase', () => {
  it('writes the estimate with the right plural', () => {
    expect(hoursPhrase(0)).toBe('Under 1 hour');
    expect(hoursPhrase(1)).toBe('Under 1 hour');
    expect(hoursPhrase(4)).toBe('1 hour');
    expect(hoursPhrase(5)).toBe('1 hour');
    expect(hoursPhrase(6)).toBe('2 hours');
    expect(hoursPhrase(12)).toBe('3 hours');
  });
});

describe('formatDuration', () => {
  it('shows m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3600)).toBe('60:00');
  });
});

describe('parseDurationInput', () => {
  it('reads MM:SS, H:MM:SS and decimal minutes as seconds; empty is 0', () => {
    expect(parseDurationInput('')).toBe(0);
    expect(parseDurationInput('12:30')).toBe(750);
    expect(parseDurationInput('1:02:03')).toBe(3723);
    expect(parseDurationInput('7.5')).toBe(450);
    expect(parseDurationInput('10')).toBe(600);
  });
  it('refuses what it cannot read', () => {
    expect(parseDurationInput('ten')).toBeNull();
    expect(parseDurationInput('12:75')).toBeNull();
    expect(parseDurationInput('-3')).toBeNull();
  });
});

describe('formatLongDate', () => {
  it('writes a long British date', () => {
    expect(formatLongDate('2026-11-21T10:00:00Z')).toBe('21 November 2026');
  });
});

describe('percentage', () => {
  it('rounds and never divides by zero', () => {
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('counted', () => {
  it('puts the noun in the right number', () => {
    expect(counted(1, 'enrollment')).toBe('1 enrollment');
    expect(counted(0, 'enrollment')).toBe('0 enrollments');
    expect(counted(2, 'person', 'people')).toBe('2 people');
    expect(counted(1200, 'learner')).toBe('1,200 learners');
  });
});

describe('videoLengthPhrase', () => {
  it('says a 58-minute course is 58 minutes, never "1 hour" or "2 hours"', () => {
    expect(videoLengthPhrase(58 * 60)).toBe('58 minutes');
    expect(videoLengthPhrase(57 * 60 + 40)).toBe('58 minutes');
  });
  it('hours and minutes together, singular where one', () => {
    expect(videoLengthPhrase(85 * 60)).toBe('1 hour 25 minutes');
    expect(videoLengthPhrase(60 * 60)).toBe('1 hour');
    expect(videoLengthPhrase(121 * 60)).toBe('2 hours 1 minute');
  });
  it('a very short video is under a minute, not "0 minutes"', () => {
    expect(videoLengthPhrase(20)).toBe('Under 1 minute');
    expect(videoLengthPhrase(0)).toBe('Under 1 minute');
  });
});

describe('excerpt', () => {
  it('keeps short text whole, on one line', () => {
    expect(excerpt('Face the\n\nwindows  when filming.')).toBe('Face the windows when filming.');
  });

  it('cuts long text at a word boundary within the limit, with an ellipsis', () => {
    const cut = excerpt('Lighting a classroom for video is mostly about the windows, the time of day and where you stand.', 40);
    expect(cut).toBe('Lighting a classroom for video is…');
    expect(cut.length).toBeLessThanOrEqual(40);
  });

  it('cuts a single long word where it must', () => {
    expect(excerpt('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
