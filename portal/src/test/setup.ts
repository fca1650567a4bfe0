import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // Unmount first (leaving a module saves progress through the mocked fetch), then restore.
  cleanup();
  vi.unstubAllGlobals();
  // The page a visitor wanted is remembered per tab (session/destination.ts): one test's visit must not steer the next.
  sessionStorage.clear();
});
