import { DAY_MS } from '@atrium/common';
import type { Clock } from '../services/clock.ts';

/**
 * Real time shifted by an offset the test controls: time keeps passing (sessions, caches and
 * timeouts behave as usual) while a test can jump days ahead or pin a date.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward (or back, with a negative amount). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * DAY_MS);
  }

  /** Makes "now" this instant; time goes on passing from there. */
  set(at: Date | string): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
