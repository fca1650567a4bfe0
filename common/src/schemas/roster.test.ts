import { describe, expect, it } from 'vitest';
import { rosterUploadSchema } from './roster.ts';

describe('rosterUploadSchema', () => {
  it('takes a list up to 1 MB of UTF-8 and names the field otherwise', () => {
    expect(rosterUploadSchema.safeParse({ csv: 'a@b.example' }).success).toBe(true);
    const over = rosterUploadSchema.safeParse({ csv: 'é'.repeat(600 * 1024) });
    expect(over.success).toBe(false);
    expect(over.error!.issues[0]).toMatchObject({ path: ['csv'], message: expect.stringMatching(/over 1 MB/) });
    expect(rosterUploadSchema.safeParse({ csv: ' \n ' }).error!.issues[0]!.message).toMatch(/empty/);
  });
});
