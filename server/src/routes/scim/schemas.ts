import { normalizeEmail } from '@atrium/common';
import { z } from 'zod';
import { ScimError } from '../../commands/directory/scimError.ts';
import { SCIM_ENTERPRISE } from '../../presenters/scim.ts';

// Request and answer shapes of the SCIM routes. Bodies are checked loosely (directories send many
// attributes Atrium does not keep, which RFC 7644 says a provider ignores); what Atrium reads is
// read by scimUserFields below with SCIM's errors.

const text = (max: number) => z.string().max(max);

export const scimIdParams = z.object({ id: text(64) });

/** `active` as Entra ID sends it: a boolean, or "True" / "False" as strings. */
export function scimBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw ScimError.invalidValue(`"${field}" must be true or false.`);
}

export const scimUserBody = z.looseObject({
  schemas: z.array(text(200)).max(20).optional(),
  userName: z.unknown().optional(),
  externalId: z.unknown().optional(),
  name: z.unknown().optional(),
  active: z.unknown().optional(),
  [SCIM_ENTERPRISE]: z.unknown().optional(),
});

export const scimPatchBody = z.looseObject({
  schemas: z.array(text(200)).max(20).optional(),
  Operations: z
    .array(z.looseObject({ op: text(20), path: text(500).optional(), value: z.unknown().optional() }), { message: 'Operations must be a list of operations' })
    .min(1, { message: 'Send at least one operation' })
    .max(1000, { message: 'At most 1,000 operations at once' }),
});
export type ScimPatchBody = z.infer<typeof scimPatchBody>;

export const scimGroupBody = z.looseObject({
  schemas: z.array(text(200)).max(20).optional(),
  displayName: z.unknown().optional(),
  externalId: z.unknown().optional(),
  members: z.unknown().optional(),
});

export const scimListQuery = z.looseObject({
  filter: text(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
});

const optionalString = (value: unknown, field: string, max: number): string | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw ScimError.invalidValue(`"${field}" must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw ScimError.invalidValue(`"${field}" can be at most ${max} characters.`);
  return trimmed || null;
};

export interface ScimUserFields {
  userName?: string;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  active?: boolean;
  organization?: string | null;
}

/** The attributes Atrium keeps, read from a User resource (a body, or a resource after PATCH). */
export function scimUserFields(resource: Record<string, unknown>): ScimUserFields {
  const fields: ScimUserFields = {};
  if (resource.userName !== undefined) {
    if (typeof resource.userName !== 'string') throw ScimError.invalidValue('"userName" must be the person’s e-mail address.');
    const checked = normalizeEmail(resource.userName);
    if (!checked.ok) throw ScimError.invalidValue(`"userName" must be the person’s e-mail address: ${checked.message}`);
    fields.userName = checked.email;
  }
  const externalId = optionalString(resource.externalId, 'externalId', 255);
  if (externalId !== undefined) fields.externalId = externalId;
  const name = resource.name;
  if (name !== undefined && name !== null) {
    if (typeof name !== 'object' || Array.isArray(name)) throw ScimError.invalidValue('"name" must be an object.');
    const { givenName, familyName } = name as Record<string, unknown>;
    const given = optionalString(givenName, 'name.givenName', 100);
    const family = optionalString(familyName, 'name.familyName', 100);
    if (given !== undefined) fields.givenName = given;
    if (family !== undefined) fields.familyName = family;
  }
  if (resource.active !== undefined) fields.active = scimBoolean(resource.active, 'active');
  const enterprise = resource[SCIM_ENTERPRISE];
  if (enterprise && typeof enterprise === 'object') {
    const organization = optionalString((enterprise as Record<string, unknown>).organization, 'organization', 200);
    if (organization !== undefined) fields.organization = organization;
  }
  return fields;
}

// Answers (the API reference and drift test read them); loose, as SCIM resources carry more.
const meta = z.looseObject({ resourceType: z.string(), location: z.string() });
export const scimUserAnswer = z
  .looseObject({ schemas: z.array(z.string()), id: z.string(), userName: z.string(), active: z.boolean(), meta })
  .meta({ id: 'ScimUser' });
export const scimGroupAnswer = z
  .looseObject({
    schemas: z.array(z.string()),
    id: z.string(),
    displayName: z.string(),
    members: z.array(z.looseObject({ value: z.string() })),
    meta,
  })
  .meta({ id: 'ScimGroup' });
const listOf = (item: z.ZodType, id: string) =>
  z
    .looseObject({ schemas: z.array(z.string()), totalResults: z.number(), startIndex: z.number(), itemsPerPage: z.number(), Resources: z.array(item) })
    .meta({ id });
export const scimUserListAnswer = listOf(scimUserAnswer, 'ScimUserList');
export const scimGroupListAnswer = listOf(scimGroupAnswer, 'ScimGroupList');
export const scimDiscoveryAnswer = z.looseObject({ schemas: z.array(z.string()) }).meta({ id: 'ScimDiscovery' });
