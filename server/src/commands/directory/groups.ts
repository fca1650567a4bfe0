import { groupName, groupNameKey } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { groupByName, type GroupOwner } from '../../queries/groups.ts';
import type { ScimGroupRow } from '../../queries/scimGroups.ts';
import { createGroup, deleteGroup, renameGroup } from '../groups.ts';
import { inTransaction } from '../schools/shared.ts';
import { logDirectoryEvent } from './log.ts';
import type { DirectoryCaller } from './people.ts';
import { ScimError } from './scimError.ts';

// SCIM Groups are the school's (or trust's) own staff groups (commands/groups.ts): a course given
// to one reaches the people the directory puts in it. The directory manages only its own Users'
// places in a group; people a manager put there by hand are neither listed nor removed by it.

const groupOwner = (caller: DirectoryCaller): GroupOwner => caller.owner;

function checkedName(raw: unknown): string {
  const parsed = groupName.safeParse(raw);
  if (!parsed.success) throw ScimError.invalidValue(`"displayName": ${parsed.error.issues[0]?.message ?? 'enter a group name'}.`);
  return parsed.data;
}

export interface GroupChanges {
  displayName?: unknown;
  externalId?: string | null;
  /** SCIM User ids to put in and take out. */
  add: string[];
  remove: string[];
}

/** Creates a group (409 uniqueness when the school or trust has one by that name). */
export async function createScimGroup(
  db: Db,
  caller: DirectoryCaller & { schoolIds: number[] },
  input: { displayName: unknown; externalId: string | null; members: string[] },
  now: number,
) {
  const name = checkedName(input.displayName);
  return inTransaction(db, async (trx) => {
    const owner = groupOwner(caller);
    if (await groupByName(trx, owner, groupNameKey(name)))
      throw ScimError.uniqueness(`There is already a group called "${name}": look it up with filter=displayName eq "${name}".`);
    const groupId = await createGroup(trx, owner, name, now);
    await trx('directoryGroups').insert({ groupId, externalId: input.externalId, createdAt: now });
    await changeMembers(trx, caller, groupId, input.members, [], now);
    await logDirectoryEvent(trx, caller, owner.kind === 'school' ? owner.id : null, 'added', null, `Group "${name}" created`, now);
    return groupId;
  });
}

/** Renames the group, sets its externalId, and puts Users in and takes them out, in one transaction. */
export async function updateScimGroup(
  db: Db,
  caller: DirectoryCaller & { schoolIds: number[] },
  group: ScimGroupRow,
  changes: GroupChanges,
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const owner = groupOwner(caller);
    if (changes.displayName !== undefined) {
      const name = checkedName(changes.displayName);
      if (name !== group.name) {
        const other = await groupByName(trx, owner, groupNameKey(name));
        if (other && Number(other.id) !== Number(group.id)) throw ScimError.uniqueness(`There is already a group called "${name}".`);
        await renameGroup(trx, owner, group.id, name);
      }
    }
    if (changes.externalId !== undefined && changes.externalId !== group.externalId) {
      await trx('directoryGroups').insert({ groupId: group.id, externalId: changes.externalId, createdAt: now }).onConflict('groupId').merge(['externalId']);
    }
    await changeMembers(trx, caller, group.id, changes.add, changes.remove, now);
  });
}

export const deleteScimGroup = (db: Db, caller: DirectoryCaller, group: ScimGroupRow) => deleteGroup(db, groupOwner(caller), group.id);

async function changeMembers(
  trx: Db,
  caller: DirectoryCaller & { schoolIds: number[] },
  groupId: number,
  add: string[],
  remove: string[],
  now: number,
): Promise<void> {
  const ids = [...new Set([...add, ...remove])];
  if (!ids.length) return;
  const numeric = ids.map((value) => (/^\d{1,9}$/.test(value) ? Number(value) : null));
  const people = caller.schoolIds.length
    ? await trx('directoryPeople')
        .whereIn('schoolId', caller.schoolIds)
        .whereIn(
          'id',
          numeric.filter((value): value is number => value !== null),
        )
        .select('id', 'schoolId', 'userId', 'inviteId')
    : [];
  const byId = new Map(people.map((person) => [String(person.id), person]));
  const unknown = ids.filter((value) => !byId.has(value));
  if (unknown.length) throw ScimError.invalidValue(`Not Users of this token: ${unknown.slice(0, 5).join(', ')}.`);
  // One statement per table and direction, however many members the directory sends (Entra ID
  // adds members in batches of up to 100 per PATCH).
  const added = [...new Set(add)].map((value) => byId.get(value)!);
  const joined = added.filter((person) => person.userId !== null).map((person) => ({ groupId, userId: person.userId!, joinedAt: now }));
  if (joined.length) await trx('groupMembers').insert(joined).onConflict(['groupId', 'userId']).ignore();
  // Invited, not joined yet: the invitation puts them in the group (the school's or the trust's)
  // when they accept it.
  const invited = added.filter((person) => person.userId === null && person.inviteId !== null).map((person) => ({ inviteId: person.inviteId!, groupId }));
  if (invited.length) await trx('groupInvites').insert(invited).onConflict(['inviteId', 'groupId']).ignore();
  const removed = [...new Set(remove)].map((value) => byId.get(value)!);
  const leavers = removed.flatMap((person) => (person.userId === null ? [] : [person.userId]));
  if (leavers.length) await trx('groupMembers').where({ groupId }).whereIn('userId', leavers).delete();
  const withdrawn = removed.flatMap((person) => (person.inviteId === null ? [] : [person.inviteId]));
  if (withdrawn.length) await trx('groupInvites').where({ groupId }).whereIn('inviteId', withdrawn).delete();
}
