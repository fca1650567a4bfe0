import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  // Unmount first (leaving a module saves progress through the mocked fetch), then restore.
  cleanup();
  vi.unstubAllGlobals();
});
