import { describe, expect, it } from 'vitest';
import { durationMinutes, playedMinutes, watchedOf } from './watching.ts';

describe('watchedOf', () => {
  it('rounds the minutes played down and the course minutes up', () => {
    expect(watchedOf(4 * 60 + 59, 11 * 60 + 1)).toBe('watched 4 of 12 min');
    expect(watchedOf(0, 600)).toBe('watched 0 of 10 min');
    expect(playedMinutes(-5)).toBe(0);
    expect(durationMinutes(0)).toBe(0);
  });
});
