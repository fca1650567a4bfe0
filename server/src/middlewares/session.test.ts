import { describe, expect, it } from 'vitest';
import { newSessionId } from './session.ts';

describe('newSessionId', () => {
  it('hands out distinct 256-bit base64url ids', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const id = newSessionId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(1000);
  });
});
