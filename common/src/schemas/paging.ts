import { z } from 'zod';

export const MAX_PAGE_LIMIT = 1000;
const MAX_OFFSET = 10_000_000;

/**
 * The limit/offset query of every paged list. One shape for all of them, so the portal asks for
 * pages the same way everywhere; a list whose rows are heavier (a discussion) lowers its default
 * and cap rather than defining its own schema.
 */
export const pageQuery = ({ defaultLimit = 100, maxLimit = MAX_PAGE_LIMIT }: { defaultLimit?: number; maxLimit?: number } = {}) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
  });

/** A page of a list searched by free text (students, schools); `q` empty means everything. */
export const listQuery = z.object({
  q: z.string().trim().max(200).optional().default(''),
  ...pageQuery().shape,
});
export type ListQuery = z.infer<typeof listQuery>;
