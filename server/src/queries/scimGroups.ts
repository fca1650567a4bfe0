import { groupNameKey } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { Group } from '../db/tables.ts';
import type { DirectoryOwner } from './directory.ts';
import { groupByName, groupOfOwner } from './groups.ts';

// The reads of SCIM Groups (commands/directory/groups.ts writes them): a school's (or trust's)
// own staff groups with the directory's externalId, and the directory's Users in one.

/** Who is asking: the token's owner (its schools, where a read needs them, are passed beside it). */
interface ScimReader {
  owner: DirectoryOwner;
}

export interface ScimGroupRow extends Group {
  externalId: string | null;
}

export interface ScimGroupMember {
  /** The SCIM User id (directoryPeople.id). */
  id: number;
  email: string;
}

async function withExternalId(db: Db, group: Group): Promise<ScimGroupRow> {
  const link = await db('directoryGroups').where({ groupId: group.id }).first('externalId');
  return { ...group, externalId: link?.externalId ?? null };
}

/** One of the token's groups by SCIM id (undefined for any other). */
export async function scimGroupOf(db: Db, caller: ScimReader, raw: string): Promise<ScimGroupRow | undefined> {
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  const group = await groupOfOwner(db, caller.owner, Number(raw));
  return group ? withExternalId(db, group) : undefined;
}

/** The token's groups, or the one named by `displayName eq` / `externalId eq`. */
export async function scimGroups(
  db: Db,
  caller: ScimReader,
  filter: { attribute: 'displayName' | 'externalId'; value: string } | null,
): Promise<ScimGroupRow[]> {
  const owner = caller.owner;
  if (filter?.attribute === 'displayName') {
    const group = await groupByName(db, owner, groupNameKey(filter.value));
    return group ? [await withExternalId(db, group)] : [];
  }
  const query = db('groups as g')
    .leftJoin('directoryGroups as dg', 'dg.groupId', 'g.id')
    .where(owner.kind === 'school' ? { 'g.schoolId': owner.id } : { 'g.trustId': owner.id })
    .select('g.*', 'dg.externalId')
    .orderBy('g.id');
  if (filter?.attribute === 'externalId') query.where('dg.externalId', filter.value);
  return (await query) as ScimGroupRow[];
}

/** The directory's Users in the group: members by account, invited people by their invitation. */
export async function scimGroupMembers(db: Db, caller: ScimReader & { schoolIds: number[] }, groupId: number): Promise<ScimGroupMember[]> {
  if (!caller.schoolIds.length) return [];
  const rows: Array<{ id: number; email: string }> = await db('directoryPeople as dp')
    .whereIn('dp.schoolId', caller.schoolIds)
    .where((w) =>
      w
        .whereIn('dp.userId', (sub) => sub.from('groupMembers').where({ groupId }).select('userId'))
        .orWhereIn('dp.inviteId', (sub) => sub.from('groupInvites').where({ groupId }).select('inviteId')),
    )
    .select('dp.id', 'dp.email')
    .orderBy('dp.id');
  return rows.map((row) => ({ id: Number(row.id), email: row.email }));
}
