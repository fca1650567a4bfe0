import { z } from 'zod';

/**
 * OneRoster 1.2 CSV bundles (issue 56 item 4): a school's or a trust's managers upload `orgs.csv`
 * and `users.csv` (a zip, or the files; `roles.csv` too when the export puts roles there), see
 * what it would do, then apply it. See docs/features/directory-sync.md.
 */

/** The upload (multipart, every file together) at most this many bytes. */
export const ONEROSTER_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** One CSV of the bundle, unpacked, at most this many bytes. */
export const ONEROSTER_MAX_FILE_BYTES = 40 * 1024 * 1024;
/** users.csv at most this many rows (students and guardians included: they are skipped). */
export const ONEROSTER_MAX_USER_ROWS = 100_000;
/** At most this many staff rows in one bundle (a trust of 40 schools of 250). */
export const ONEROSTER_MAX_STAFF_ROWS = 10_000;

/** The staff roles a bundle's people are imported with (OneRoster 1.2's role vocabulary). */
export const ONEROSTER_STAFF_ROLES = [
  'teacher',
  'administrator',
  'aide',
  'counselor',
  'principal',
  'proctor',
  'districtAdministrator',
  'siteAdministrator',
  'systemAdministrator',
] as const;

/**
 * What applying does to a row: `join` (a member at once: address on a proven domain), `invite`
 * (the usual invitation), `change` (a person a bundle added: new name, or back after a
 * suspension), `unchanged`, `kept` (already in the school another way: never changed nor
 * suspended by a bundle), `leave` (a person a bundle added, absent now: suspended), `error`.
 */
export const ONEROSTER_ROW_STATUSES = ['join', 'invite', 'change', 'unchanged', 'kept', 'leave', 'error'] as const;
export type OneRosterRowStatus = (typeof ONEROSTER_ROW_STATUSES)[number];

export const oneRosterRowDtoSchema = z
  .object({
    /** The line of users.csv, or null for a leaver (absent from the bundle). */
    line: z.number().nullable(),
    sourcedId: z.string().nullable(),
    email: z.string(),
    givenName: z.string().nullable(),
    familyName: z.string().nullable(),
    role: z.string().nullable(),
    /** The school the row goes to (its org's mapping), when known. */
    schoolId: z.number().nullable(),
    schoolName: z.string().nullable(),
    status: z.enum(ONEROSTER_ROW_STATUSES),
    /** Why (an error), or what changes. */
    detail: z.string().nullable(),
  })
  .meta({ id: 'OneRosterRowDto' });
export type OneRosterRowDto = z.infer<typeof oneRosterRowDtoSchema>;

export const oneRosterOrgDtoSchema = z
  .object({
    sourcedId: z.string(),
    name: z.string(),
    type: z.string(),
    /** The school the org maps to (by its key or its name), or null. */
    schoolId: z.number().nullable(),
    schoolName: z.string().nullable(),
    /** How many staff rows name it. */
    staff: z.number(),
  })
  .meta({ id: 'OneRosterOrgDto' });
export type OneRosterOrgDto = z.infer<typeof oneRosterOrgDtoSchema>;

export const oneRosterCountsDtoSchema = z
  .object({
    join: z.number(),
    invite: z.number(),
    change: z.number(),
    unchanged: z.number(),
    kept: z.number(),
    leave: z.number(),
    error: z.number(),
    /** Rows of users.csv that are not staff (students, guardians) or disabled, and nobody a bundle added. */
    skipped: z.number(),
  })
  .meta({ id: 'OneRosterCountsDto' });
export type OneRosterCountsDto = z.infer<typeof oneRosterCountsDtoSchema>;

/** POST …/oneroster/preview: what applying would do, nothing written. */
export const oneRosterPreviewDtoSchema = z
  .object({
    orgs: z.array(oneRosterOrgDtoSchema),
    rows: z.array(oneRosterRowDtoSchema),
    counts: oneRosterCountsDtoSchema,
  })
  .meta({ id: 'OneRosterPreviewDto' });
export type OneRosterPreviewDto = z.infer<typeof oneRosterPreviewDtoSchema>;

/** POST …/oneroster: what applying did (bad rows are skipped, everything else in one transaction). */
export const oneRosterResultDtoSchema = z
  .object({
    counts: oneRosterCountsDtoSchema,
    message: z.string(),
  })
  .meta({ id: 'OneRosterResultDto' });
export type OneRosterResultDto = z.infer<typeof oneRosterResultDtoSchema>;
