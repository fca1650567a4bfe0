import type { CreatedDirectoryTokenDto, DirectoryEventDto, DirectoryTokenDto } from '@atrium/common';
import type { DirectoryEvent, DirectoryPerson, DirectoryToken } from '../db/tables.ts';

// Rows → SCIM 2.0 resources (RFC 7643) and the portal's token and log DTOs.

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName?: string; familyName?: string; formatted?: string };
  displayName?: string;
  emails: Array<{ value: string; type: string; primary: boolean }>;
  active: boolean;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

export function presentScimUser(person: DirectoryPerson, base: string): ScimUser {
  const id = String(person.id);
  const full = [person.givenName, person.familyName].filter(Boolean).join(' ');
  return {
    schemas: [SCIM_USER],
    id,
    ...(person.externalId !== null ? { externalId: person.externalId } : {}),
    userName: person.email,
    name: {
      ...(person.givenName !== null ? { givenName: person.givenName } : {}),
      ...(person.familyName !== null ? { familyName: person.familyName } : {}),
      ...(full ? { formatted: full } : {}),
    },
    ...(full ? { displayName: full } : {}),
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: Boolean(person.active),
    meta: { resourceType: 'User', created: iso(person.createdAt), lastModified: iso(person.updatedAt), location: `${base}/Users/${id}` },
  };
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members: Array<{ value: string; display?: string; $ref: string }>;
  meta: { resourceType: 'Group'; created: string; location: string };
}

export function presentScimGroup(
  group: { id: number; name: string; createdAt: number; externalId: string | null },
  members: Array<{ id: number; email: string }>,
  base: string,
): ScimGroup {
  const id = String(group.id);
  return {
    schemas: [SCIM_GROUP],
    id,
    ...(group.externalId !== null ? { externalId: group.externalId } : {}),
    displayName: group.name,
    members: members.map((member) => ({ value: String(member.id), display: member.email, $ref: `${base}/Users/${member.id}` })),
    meta: { resourceType: 'Group', created: iso(group.createdAt), location: `${base}/Groups/${id}` },
  };
}

export function presentList<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCIM_LIST], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

export const presentDirectoryToken = (row: DirectoryToken): DirectoryTokenDto => ({
  id: Number(row.id),
  label: row.label,
  createdAt: iso(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
});

/** A token just made: its secret, shown this once, and the SCIM base URL to give the directory. */
export const presentCreatedDirectoryToken = (row: DirectoryToken, secret: string, scimUrl: string): CreatedDirectoryTokenDto => ({
  id: Number(row.id),
  label: row.label,
  token: secret,
  createdAt: iso(row.createdAt),
  scimUrl,
});

export const presentDirectoryEvent = (row: DirectoryEvent): DirectoryEventDto => ({
  id: Number(row.id),
  action: row.action as DirectoryEventDto['action'],
  email: row.email,
  detail: row.detail,
  at: iso(row.at),
});
