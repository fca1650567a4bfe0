import { z } from 'zod';
import { id, optionalText, requiredText } from '../schemas/common.ts';

/**
 * Directory sync over SCIM 2.0 (issue 56): the tokens a school's or a trust's directory (Entra ID,
 * Google Workspace, Okta) uses at `PUBLIC_URL/scim/v2`, and the log of what it did. See
 * docs/features/directory-sync.md.
 */

export const DIRECTORY_TOKEN_LABEL_MAX = 100;

export const directoryTokenSchema = z.object({ label: requiredText(DIRECTORY_TOKEN_LABEL_MAX, 'Give the token a name, such as "Entra ID"', 'Name') });
export type DirectoryTokenInput = z.infer<typeof directoryTokenSchema>;

export const directoryTokenParams = z.object({ id, tokenId: id });

/** A token as listed: never its secret. */
export const directoryTokenDtoSchema = z
  .object({
    id: z.number(),
    label: z.string(),
    /** ISO times. */
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'DirectoryTokenDto' });
export type DirectoryTokenDto = z.infer<typeof directoryTokenDtoSchema>;

/** POST …/scim-tokens: the new token with its secret, which no later answer shows again. */
export const createdDirectoryTokenDtoSchema = z
  .object({
    id: z.number(),
    label: z.string(),
    token: z.string(),
    createdAt: z.string(),
    /** The SCIM base URL to give the directory (`PUBLIC_URL/scim/v2`). */
    scimUrl: z.string(),
  })
  .meta({ id: 'CreatedDirectoryTokenDto' });
export type CreatedDirectoryTokenDto = z.infer<typeof createdDirectoryTokenDtoSchema>;

export const directoryTokensDtoSchema = z.array(directoryTokenDtoSchema).meta({ id: 'DirectoryTokensDto' });

export const DIRECTORY_ACTIONS = ['added', 'invited', 'changed', 'suspended', 'restored', 'removed', 'refused'] as const;
export type DirectoryAction = (typeof DIRECTORY_ACTIONS)[number];

/** A line of the sync log: what the directory did, to whom, and why when it was refused. */
export const directoryEventDtoSchema = z
  .object({
    id: z.number(),
    action: z.enum(DIRECTORY_ACTIONS),
    email: z.string().nullable(),
    detail: z.string(),
    /** ISO time. */
    at: z.string(),
  })
  .meta({ id: 'DirectoryEventDto' });
export type DirectoryEventDto = z.infer<typeof directoryEventDtoSchema>;

export const directoryLogDtoSchema = z.array(directoryEventDtoSchema).meta({ id: 'DirectoryLogDto' });

/**
 * How a trust's directory names each of its schools: the key a SCIM user's enterprise
 * `organization` / `department` or a OneRoster org's `sourcedId` must carry to mean that school
 * (without a key, the school's own name is matched). Unique within the trust, without case.
 */
export const DIRECTORY_KEY_MAX = 100;
export const directorySchoolDtoSchema = z.object({ id: z.number(), name: z.string(), key: z.string().nullable() }).meta({ id: 'DirectorySchoolDto' });
export type DirectorySchoolDto = z.infer<typeof directorySchoolDtoSchema>;
export const directorySchoolsDtoSchema = z.array(directorySchoolDtoSchema).meta({ id: 'DirectorySchoolsDto' });

/** PUT /api/trusts/:id/directory-schools/:schoolId: the key, or empty / null to match by name again. */
export const directoryKeySchema = z.object({ key: optionalText(DIRECTORY_KEY_MAX, 'Directory key') }).strict();
export type DirectoryKeyInput = z.input<typeof directoryKeySchema>;
export const directorySchoolParams = z.object({ id, schoolId: id });
