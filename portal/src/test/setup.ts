import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { pinReader } from '@atrium/common/rules/dates';

// findBy… and waitFor wait for a state, not for a time: their default second is a race a busy
// machine loses (a render that takes longer there). An answered wait returns at once, so the
// longer limit costs a quiet run nothing.
configure({ asyncUtilTimeout: 10_000 });

// Dates are written for the reader (common/src/rules/dates.ts). The tests read them as a London
// school does unless they say otherwise (test/reader.ts: readAs), whatever the machine's zone.
beforeEach(() => pinReader({ locale: 'en-GB', timeZone: 'Europe/London' }));

afterEach(() => {
  // Unmount first (leaving a module saves progress through the mocked fetch), then restore.
  cleanup();
  vi.unstubAllGlobals();
  // The page a visitor wanted is remembered per tab (session/destination.ts): one test's visit must not steer the next.
  sessionStorage.clear();
});
