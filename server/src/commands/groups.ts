import { addressesPhrase, groupNameKey, parseIsoDay, deadlineDateProblem, type DeadlineInput } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf, isUniqueViolation, type Db } from '../db/knex.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { groupByName, groupCountOf, groupOfOwner, ownerLicensesCourse, schoolGroupNamesByKey, staffByEmail, type GroupOwner } from '../queries/groups.ts';
import { inTransaction } from './schools/shared.ts';

// Writes of staff groups (issue 39). Every command takes the owner the route's policy let the
// caller act for (a school or a trust) and finds the group among that owner's only: another
// owner's group answers 404 exactly like one that does not exist.

const CHUNK = 500;

/**
 * The most groups a school or a trust keeps. Far more than any staff structure needs (roles,
 * departments, year teams), and a bound on what a manager's form, a roster file or a directory
 * can add to the table: without it one pasted list made thousands at a time.
 */
export const MAX_GROUPS_PER_OWNER = 1000;

const ownerLabel = (owner: GroupOwner) => (owner.kind === 'school' ? 'Your school' : 'This trust');

const tooManyGroups = (owner: GroupOwner, adding = 1) =>
  conflict(
    adding === 1
      ? `${ownerLabel(owner)} has ${MAX_GROUPS_PER_OWNER.toLocaleString('en-GB')} groups, the most it can have: delete groups it no longer uses, then create this one.`
      : `${ownerLabel(owner)} can have at most ${MAX_GROUPS_PER_OWNER.toLocaleString('en-GB')} groups, and this would add ${adding.toLocaleString('en-GB')}: delete groups it no longer uses, or name fewer new groups.`,
    'limit_reached',
  );

/**
 * Holds the owner's row until the transaction ends, so two managers (or a manager and a roster)
 * adding groups at once count each other's (MariaDB; SQLite's one writer already serialises).
 */
async function lockOwner(trx: Knex.Transaction, owner: GroupOwner): Promise<void> {
  const query = trx(owner.kind === 'school' ? 'schools' : 'trusts')
    .where({ id: owner.id })
    .first('id');
  await (dialectOf(trx) === 'mysql' ? query.forUpdate() : query);
}

/** Refuses (409) when `adding` more groups would take the owner past MAX_GROUPS_PER_OWNER; the caller holds the owner's lock. */
async function requireRoomForGroups(trx: Knex.Transaction, owner: GroupOwner, adding: number): Promise<void> {
  if (adding <= 0) return;
  if ((await groupCountOf(trx, owner)) + adding > MAX_GROUPS_PER_OWNER) throw tooManyGroups(owner, adding);
}

const unknownGroup = () => notFound('Group not found');

const nameTaken = (name: string, owner: GroupOwner) =>
  conflict(`There is already a group called "${name}" in this ${owner.kind}: choose another name, or use that group.`);

async function ownGroup(db: Db, owner: GroupOwner, groupId: number) {
  const group = await groupOfOwner(db, owner, groupId);
  if (!group) throw unknownGroup();
  return group;
}

/** Inserts the group; a name the owner already uses (whatever its case and spacing) is a 409. */
async function insertGroup(db: Db, owner: GroupOwner, name: string, now: number): Promise<number> {
  const nameKey = groupNameKey(name);
  if (await groupByName(db, owner, nameKey)) throw nameTaken(name, owner);
  try {
    const [id] = await db('groups').insert({
      schoolId: owner.kind === 'school' ? owner.id : null,
      trustId: owner.kind === 'trust' ? owner.id : null,
      name,
      nameKey,
      createdAt: now,
    });
    return Number(id);
  } catch (error) {
    // Two managers creating the same name at once: the unique key lets one in.
    if (isUniqueViolation(error)) throw nameTaken(name, owner);
    throw error;
  }
}

/** Creates a group; past MAX_GROUPS_PER_OWNER it is a 409 and nothing is written. */
export const createGroup = (db: Db, owner: GroupOwner, name: string, now: number): Promise<number> =>
  inTransaction(db, async (trx) => {
    await lockOwner(trx, owner);
    if (await groupByName(trx, owner, groupNameKey(name))) throw nameTaken(name, owner);
    await requireRoomForGroups(trx, owner, 1);
    return insertGroup(trx, owner, name, now);
  });

export async function renameGroup(db: Db, owner: GroupOwner, groupId: number, name: string): Promise<void> {
  const group = await ownGroup(db, owner, groupId);
  const nameKey = groupNameKey(name);
  const other = await groupByName(db, owner, nameKey);
  if (other && Number(other.id) !== Number(group.id)) throw nameTaken(name, owner);
  try {
    await db('groups').where({ id: group.id }).update({ name, nameKey });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name, owner);
    throw error;
  }
}

/** Deletes the group, its members' places in it, its courses and the invitations' promises of it. */
export async function deleteGroup(db: Db, owner: GroupOwner, groupId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const group = await ownGroup(trx, owner, groupId);
    for (const table of ['groupInvites', 'groupCourses', 'groupMembers'] as const) await trx(table).where({ groupId: group.id }).delete();
    await trx('groups').where({ id: group.id }).delete();
  });
}

/** Puts these members in the group (joining today); people already in it keep their date. */
async function insertMembers(trx: Db, groupId: number, userIds: number[], now: number): Promise<number> {
  let added = 0;
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const chunk = userIds.slice(start, start + CHUNK);
    const present = new Set(
      (await trx('groupMembers').where({ groupId }).whereIn('userId', chunk).select('userId')).map((row: { userId: number }) => Number(row.userId)),
    );
    const rows = chunk.filter((userId) => !present.has(userId)).map((userId) => ({ groupId, userId, joinedAt: now }));
    if (rows.length) await trx('groupMembers').insert(rows).onConflict(['groupId', 'userId']).ignore();
    added += rows.length;
  }
  return added;
}

/**
 * Adds staff to the group by address: the owner's own staff only (a school's members, or members
 * of the trust's schools). An address that is not one of them is refused, naming it, and nobody
 * is added; the same answer whether or not the address has an account elsewhere.
 */
export async function addGroupMembers(db: Db, owner: GroupOwner, groupId: number, emails: string[], now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const group = await ownGroup(trx, owner, groupId);
    const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
    const staff = await staffByEmail(trx, owner, wanted);
    const unknown = wanted.filter((email) => !staff.has(email));
    if (unknown.length) {
      const shown = addressesPhrase(unknown);
      throw badRequest(`Not on your ${owner.kind === 'school' ? "school's" : "trust's schools'"} staff: ${shown}. Nobody was added.`, {
        emails: `Not on the staff: ${shown}`,
      });
    }
    return insertMembers(trx, Number(group.id), [...staff.values()], now);
  });
}

/** Takes the person out of the group; taking out someone who is not in it changes nothing. */
export async function removeGroupMember(db: Db, owner: GroupOwner, groupId: number, userId: number): Promise<boolean> {
  const group = await ownGroup(db, owner, groupId);
  return (await db('groupMembers').where({ groupId: group.id, userId }).delete()) > 0;
}

/**
 * Gives a course to the group with a deadline rule (a date, days from joining the group, or both),
 * or changes its rule. The course must be licensed to the school (to one of the trust's schools);
 * a date before today is refused naming the field.
 */
export async function assignGroupCourse(db: Db, owner: GroupOwner, groupId: number, courseId: number, input: DeadlineInput, by: number, now: number) {
  const group = await ownGroup(db, owner, groupId);
  if (!(await ownerLicensesCourse(db, owner, courseId))) {
    throw forbidden(
      `This course is not licensed to ${owner.kind === 'school' ? 'your school' : 'any school of this trust'}, so it cannot be given to a group.`,
    );
  }
  const refused = deadlineDateProblem(input.completeBy, now);
  if (refused) throw badRequest(refused.message, { completeBy: refused.field });
  const completeByDay = input.completeBy === null ? null : parseIsoDay(input.completeBy);
  await db('groupCourses')
    .insert({ groupId: group.id, courseId, completeByDay, newStaffDays: input.newStaffDays, updatedBy: by, createdAt: now, updatedAt: now })
    .onConflict(['groupId', 'courseId'])
    .merge(['completeByDay', 'newStaffDays', 'updatedBy', 'updatedAt']);
}

/** Takes a course back from the group; true when it had it. */
export async function unassignGroupCourse(db: Db, owner: GroupOwner, groupId: number, courseId: number): Promise<boolean> {
  const group = await ownGroup(db, owner, groupId);
  return (await db('groupCourses').where({ groupId: group.id, courseId }).delete()) > 0;
}

/**
 * The roster's groups, inside its transaction: the names it uses that the school has no group for
 * are created (the caller checked the manager confirmed that), then members already in the school
 * join their groups today and each new invitation remembers its groups, joined on acceptance.
 * Answers the school's group id per name key.
 */
export async function applyRosterGroups(
  trx: Knex.Transaction,
  schoolId: number,
  input: { names: Map<string, string>; members: Array<{ userId: number; groups: string[] }>; invites: Array<{ inviteId: number; groups: string[] }> },
  now: number,
): Promise<number> {
  const owner: GroupOwner = { kind: 'school', id: schoolId };
  const ids = new Map<string, number>();
  let created = 0;
  await lockOwner(trx, owner);
  const known = await schoolGroupNamesByKey(trx, schoolId, [...input.names.keys()]);
  await requireRoomForGroups(trx, owner, [...input.names.keys()].filter((key) => !known.has(key)).length);
  for (const [key, name] of input.names) {
    const existing = await groupByName(trx, owner, key);
    if (existing) ids.set(key, Number(existing.id));
    else {
      ids.set(key, await insertGroup(trx, owner, name, now));
      created += 1;
    }
  }
  const byGroup = new Map<number, number[]>();
  for (const member of input.members) {
    for (const key of member.groups) byGroup.set(ids.get(key)!, [...(byGroup.get(ids.get(key)!) ?? []), member.userId]);
  }
  for (const [groupId, userIds] of byGroup) await insertMembers(trx, groupId, userIds, now);
  const promised = input.invites.flatMap((invite) => invite.groups.map((key) => ({ inviteId: invite.inviteId, groupId: ids.get(key)! })));
  for (let start = 0; start < promised.length; start += CHUNK) {
    await trx('groupInvites')
      .insert(promised.slice(start, start + CHUNK))
      .onConflict(['inviteId', 'groupId'])
      .ignore();
  }
  return created;
}

/**
 * On accepting an invitation: the person joins, today, the groups it named that are the school's
 * they joined or its trust's (a trust's directory puts invited staff in trust-wide groups).
 */
export async function joinInvitedGroups(trx: Db, inviteId: number, userId: number, schoolId: number, now: number): Promise<void> {
  const school = await trx('schools').where({ id: schoolId }).first('trustId');
  const trustId = school?.trustId ? Number(school.trustId) : null;
  const rows: Array<{ groupId: number }> = await trx('groupInvites as gi')
    .join('groups as g', 'g.id', 'gi.groupId')
    .where('gi.inviteId', inviteId)
    .where((q) => {
      q.where('g.schoolId', schoolId);
      if (trustId) q.orWhere('g.trustId', trustId);
    })
    .select('gi.groupId');
  for (const row of rows) await insertMembers(trx, Number(row.groupId), [userId], now);
}

/**
 * Someone leaving a school leaves its groups and its trust's (they are no longer its staff), so
 * coming back later starts their new-staff days afresh.
 */
export async function leaveGroupsOfSchool(trx: Db, userId: number, schoolId: number): Promise<void> {
  const school = await trx('schools').where({ id: schoolId }).first('trustId');
  await leaveGroups(trx, userId, schoolId, school?.trustId ? Number(school.trustId) : null);
}

/**
 * Someone moved to another school of the trust leaves the old school's own groups (they are no
 * longer its staff) and stays in the trust's (they still are). Put back in a group later, they
 * join it that day, so its new-staff days start again.
 */
export const leaveOwnGroupsOfSchool = (trx: Db, userId: number, schoolId: number): Promise<void> => leaveGroups(trx, userId, schoolId, null);

async function leaveGroups(trx: Db, userId: number, schoolId: number, trustId: number | null): Promise<void> {
  await trx('groupMembers')
    .where({ userId })
    .whereIn(
      'groupId',
      trx('groups')
        .where('schoolId', schoolId)
        .modify((q) => (trustId ? q.orWhere('trustId', trustId) : q))
        .select('id'),
    )
    .delete();
}

/** A school detached from its trust: its staff leave the trust's groups. */
export async function leaveTrustGroupsOfSchool(trx: Db, trustId: number, schoolId: number): Promise<void> {
  await trx('groupMembers')
    .whereIn('groupId', trx('groups').where('trustId', trustId).select('id'))
    .whereIn('userId', trx('schoolMembers').where('schoolId', schoolId).select('userId'))
    .delete();
}
