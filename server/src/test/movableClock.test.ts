import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@atrium/common';
import { MovableClock } from './movableClock.ts';

/**
 * The clock's reading, checked against real time read just before and just after it: exact
 * whatever the machine's load, where a fixed tolerance fails when the process is preempted.
 */
function expectReading(clock: MovableClock, offsetMs: { atLeast: number; atMost: number }): void {
  const before = Date.now();
  const reading = clock.now().getTime();
  const after = Date.now();
  expect(reading).toBeGreaterThanOrEqual(before + offsetMs.atLeast);
  expect(reading).toBeLessThanOrEqual(after + offsetMs.atMost);
}

describe('MovableClock', () => {
  it('follows real time until moved, then keeps the offset', () => {
    const clock = new MovableClock();
    expectReading(clock, { atLeast: 0, atMost: 0 });
    clock.advanceDays(3);
    expectReading(clock, { atLeast: 3 * DAY_MS, atMost: 3 * DAY_MS });

    const pinned = Date.parse('2027-03-01T09:00:00Z');
    const setFrom = Date.now();
    clock.set('2027-03-01T09:00:00Z');
    const setBy = Date.now();
    // Time goes on from the pinned instant: the offset is fixed somewhere between setFrom and setBy.
    expectReading(clock, { atLeast: pinned - setBy, atMost: pinned - setFrom });

    clock.reset();
    expectReading(clock, { atLeast: 0, atMost: 0 });
  });
});
