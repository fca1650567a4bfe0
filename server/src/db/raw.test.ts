import { describe, expect, it } from 'vitest';
import { isMariaDbWithReturning } from './raw.ts';

describe('isMariaDbWithReturning', () => {
  it('is true from MariaDB 10.5 on, and never for MySQL', () => {
    expect(isMariaDbWithReturning('10.11.19-MariaDB-0+deb12u1')).toBe(true);
    expect(isMariaDbWithReturning('11.4.2-MariaDB')).toBe(true);
    expect(isMariaDbWithReturning('10.5.0-MariaDB-log')).toBe(true);
    expect(isMariaDbWithReturning('10.4.32-MariaDB')).toBe(false);
    expect(isMariaDbWithReturning('8.0.36')).toBe(false);
    expect(isMariaDbWithReturning('8.4.0-0ubuntu0.24.04.1')).toBe(false);
  });
});
