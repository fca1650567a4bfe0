import { describe, expect, it } from 'vitest';
import { MovableClock } from './movableClock.ts';

describe('MovableClock', () => {
  it('follows real time until moved, then keeps the offset', () => {
    const clock = new MovableClock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
    clock.advanceDays(3);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 50);
    clock.set('2027-03-01T09:00:00Z');
    expect(Math.abs(clock.now().getTime() - Date.parse('2027-03-01T09:00:00Z'))).toBeLessThan(50);
    clock.reset();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
  });
});
