import { z } from 'zod';

/**
 * What the roster upload will do (preview) or did (confirm) with each row. It says only what the
 * school's manager may know, never whether an address has an account or another school:
 * - `invite`: sent an invitation e-mail with a personal link (joining needs their acceptance);
 * - `member`: already a member of this school (nothing to do);
 * - `invited`: already has a pending invitation from this school (nothing to do);
 * - `invalid`, `duplicate`: a problem; the row is skipped.
 */
export const ROSTER_ROW_STATUSES = ['invite', 'member', 'invited', 'invalid', 'duplicate'] as const;
export const rosterRowStatusSchema = z.enum(ROSTER_ROW_STATUSES);
export type RosterRowStatus = z.infer<typeof rosterRowStatusSchema>;

export const rosterRowDtoSchema = z
  .object({
    /** Line of the file (1-based, header included), so a manager can find it. */
    line: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    status: rosterRowStatusSchema,
    /** Why the row is skipped, for the problem statuses. */
    problem: z.string().nullable(),
    /** The groups the row puts the person in (its role, department and groups columns), by name. */
    groups: z.array(z.string()),
  })
  .meta({ id: 'RosterRowDto' });
export type RosterRowDto = z.infer<typeof rosterRowDtoSchema>;

/** A group the list names: one the school has, or one confirming would create. */
export const rosterGroupDtoSchema = z
  .object({
    name: z.string(),
    exists: z.boolean(),
    /** Rows (not skipped) that name it. */
    people: z.number(),
  })
  .meta({ id: 'RosterGroupDto' });
export type RosterGroupDto = z.infer<typeof rosterGroupDtoSchema>;

export const rosterCountsDtoSchema = z
  .object(Object.fromEntries(ROSTER_ROW_STATUSES.map((status) => [status, z.number()])) as Record<RosterRowStatus, z.ZodNumber>)
  .meta({ id: 'RosterCountsDto' });
export type RosterCountsDto = z.infer<typeof rosterCountsDtoSchema>;

/** POST …/roster/preview: nothing is written. */
export const rosterPreviewDtoSchema = z
  .object({
    rows: z.array(rosterRowDtoSchema),
    counts: rosterCountsDtoSchema,
    /** The groups named by the list, by name; any with exists: false needs createGroups on confirming. */
    groups: z.array(rosterGroupDtoSchema),
  })
  .meta({ id: 'RosterPreviewDto' });
export type RosterPreviewDto = z.infer<typeof rosterPreviewDtoSchema>;

/** POST …/roster: what was done. */
export const rosterResultDtoSchema = z
  .object({
    invited: z.number(),
    /** Groups the import created (confirmed with createGroups). */
    groupsCreated: z.number(),
    unchanged: z.number(),
    skipped: z.number(),
    message: z.string(),
  })
  .meta({ id: 'RosterResultDto' });
export type RosterResultDto = z.infer<typeof rosterResultDtoSchema>;
