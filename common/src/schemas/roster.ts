import { z } from 'zod';

/** The staff roster upload: a CSV file or a pasted list, up to 5,000 people and 1 MB. */
export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_BYTES = 1024 * 1024;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const rosterUploadSchema = z.object({
  csv: z
    .string({ message: 'Choose a CSV file or paste a list' })
    .refine((text) => text.trim().length > 0, { message: 'The list is empty: choose a CSV file or paste e-mail addresses' })
    .refine((text) => utf8Bytes(text) <= ROSTER_MAX_BYTES, { message: 'The file is over 1 MB: split it into smaller files' }),
  /** The manager agreed to create the groups the list names that the school does not have yet (the preview lists them). */
  createGroups: z.boolean({ message: 'createGroups must be true or false' }).optional().default(false),
});
export type RosterUploadInput = z.infer<typeof rosterUploadSchema>;
