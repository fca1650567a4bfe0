import type { Knex } from 'knex';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolation } from '../../db/knex.ts';
import type { DirectoryPerson, User } from '../../db/tables.ts';
import { insertAndFetch } from '../../db/insertAndFetch.ts';
import { directorySchoolsOf, type DirectoryOwner } from '../../queries/directory.ts';
import { onProvenDomainOf } from '../../queries/domains.ts';
import { findUserByEmail } from '../../queries/users.ts';
import { membershipOf } from '../../queries/memberships.ts';
import { usableSchoolInvites } from '../../queries/invitations.ts';
import { schoolLicensedCourseIds } from '../../queries/licences.ts';
import { invitationStanding } from '../../queries/schools.ts';
import { invitationRefusal } from '../../policies/invitations.ts';
import { destroyUserSessions } from '../sessions.ts';
import { leaveGroupsOfSchool } from '../groups.ts';
import { forgetSchoolCpdShare } from '../transcriptShares.ts';
import { NO_PASSWORD } from '../signInWithProvider.ts';
import { isAdoptable } from '../schools/adoption.ts';
import { insertInvitations, reserveInvitationMail, type InvitationSender } from '../schools/invites.ts';
import { joinSchool, leaveSchool } from '../schools/membership.ts';
import { enrollByLicence, inTransaction, removeLicenceEnrollments } from '../schools/shared.ts';
import { logDirectoryEvent } from './log.ts';
import { schoolNamed } from './schoolKeys.ts';
import { ScimError } from './scimError.ts';

// What a directory's Users do to a school (CONTRACT "what provisioning does"). A SCIM User is a
// directoryPeople row: a person's place in one school. Suspension takes the schoolMembers row out
// and keeps it on the directoryPeople row, so every read of membership (registers, counts,
// licences, reminders, seats, group deadlines, policies) sees a suspended person as not a member
// without any of them knowing about suspension; reactivation puts the row back as it was.

export interface PersonInput {
  email: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
  /** The enterprise extension's `organization`: which school of a trust (trust tokens only). */
  organization: string | null;
}

export interface DirectoryCaller {
  tokenId: number;
  owner: DirectoryOwner;
  /** Whom invitations name as their sender: the token's maker, or a manager of the school. */
  createdBy: number | null;
}

/** The school a new User goes to: the token's, or the trust's school named by `organization`. */
async function schoolForNewPerson(db: Db, owner: DirectoryOwner, organization: string | null): Promise<number> {
  if (owner.kind === 'school') return owner.id;
  const name = organization?.trim() ?? '';
  if (!name) throw ScimError.invalidValue('A trust token needs the school: send its name as the enterprise extension’s "organization".');
  // The school's key (set by the trust's managers) first, then its name.
  const school = schoolNamed(await directorySchoolsOf(db, owner.id), name, name);
  if (!school) throw ScimError.invalidValue(`"${organization}" is not the name or key of one of this trust's schools.`);
  return school.id;
}

/** Invitations go in the name of the token's maker: scimAuth lets a request in only while they are an admin or manage its owner. */
async function inviterFor(trx: Db, caller: DirectoryCaller): Promise<User> {
  const maker = caller.createdBy === null ? undefined : await trx('users').where({ id: caller.createdBy }).whereNull('deletedAt').first();
  if (!maker) throw ScimError.unauthorized('This directory sync token stopped working: the person who created it no longer has an account here.');
  return maker;
}

/** The usual invitation a roster row gets (capped per school per day like any other). */
async function invite(trx: Knex.Transaction, sender: InvitationSender, caller: DirectoryCaller, person: DirectoryPerson): Promise<number> {
  const school = await trx('schools').where({ id: person.schoolId }).select('id', 'name').first();
  if (!school) throw ScimError.notFound();
  const inviter = await inviterFor(trx, caller);
  const refusal = invitationRefusal(inviter, await invitationStanding(trx, person.schoolId));
  if (refusal) throw ScimError.forbidden(`Not invited: ${refusal}`).about(person.schoolId, person.email);
  await reserveInvitationMail(trx, sender, person.schoolId, inviter, 1);
  await insertInvitations(trx, sender, {
    school: { id: Number(school.id), name: school.name },
    inviter,
    invitees: [{ email: person.email, firstName: person.givenName, lastName: person.familyName }],
  });
  const row = await trx('schoolInvites').where({ schoolId: person.schoolId, email: person.email }).orderBy('id', 'desc').first('id');
  return Number(row!.id);
}

/**
 * Places a person who is not (or no longer) in the school: a member at once when the address is
 * on one of the school's proven domains and the account (made now, without a password, if there
 * is none) is adoptable (its address verified) and belongs to no school; the usual invitation
 * otherwise. The answer to the directory is
 * the same either way, so it never tells whether the address has an account elsewhere.
 */
export async function place(trx: Knex.Transaction, sender: InvitationSender, caller: DirectoryCaller, person: DirectoryPerson): Promise<void> {
  const now = sender.now;
  if (await onProvenDomainOf(trx, person.schoolId, person.email)) {
    let user = await findUserByEmail(trx, person.email);
    if (!user) {
      user = await insertAndFetch(trx, 'users', {
        email: person.email,
        passwordHash: NO_PASSWORD,
        firstName: person.givenName,
        lastName: person.familyName,
        company: null,
        profileImageUrl: null,
        role: 'learner',
        createdAt: now,
        updatedAt: now,
        // The school proved it owns the domain and its directory vouches for the address.
        emailVerifiedAt: now,
      });
    }
    // An account someone registered under the address without reading its mail says nothing about
    // who holds it: it is invited like anyone else (the mail reaches the address's real holder).
    if (isAdoptable(user) && !(await membershipOf(trx, user.id))) {
      const outcome = await joinSchool(trx, user.id, person.schoolId, 'member', now);
      if (outcome.status !== 'other-school') {
        await trx('directoryPeople').where({ id: person.id }).update({ userId: user.id, inviteId: null, updatedAt: now });
        await logDirectoryEvent(trx, caller, person.schoolId, 'added', person.email, 'Joined as a member (address on a proven domain)', now);
        return;
      }
    }
  }
  const inviteId = await invite(trx, sender, caller, person);
  await trx('directoryPeople').where({ id: person.id }).update({ inviteId, updatedAt: now });
  await logDirectoryEvent(trx, caller, person.schoolId, 'invited', person.email, 'Invited by e-mail: joins once they accept', now);
}

/** POST /Users: a new User of the school (409 uniqueness when the address already is one). */
export async function createPerson(db: Db, sender: InvitationSender, caller: DirectoryCaller, input: PersonInput): Promise<DirectoryPerson> {
  const schoolId = await schoolForNewPerson(db, caller.owner, input.organization);
  return inTransaction(db, async (trx) => {
    // One directory write per school at a time: the school row is the lock (as a roster upload).
    await trx('schools').where({ id: schoolId }).forUpdate().first();
    if (await isUserOfSchool(trx, schoolId, input.email, sender.now)) {
      throw ScimError.uniqueness('This address is already a User of this school.').about(schoolId, input.email);
    }
    let person: DirectoryPerson;
    try {
      person = await insertAndFetch(trx, 'directoryPeople', {
        schoolId,
        email: input.email,
        externalId: input.externalId,
        givenName: input.givenName,
        familyName: input.familyName,
        userId: null,
        inviteId: null,
        active: input.active,
        suspendedAt: null,
        suspendedRole: null,
        suspendedJoinedAt: null,
        createdAt: sender.now,
        updatedAt: sender.now,
        source: 'scim',
        sourcedId: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ScimError.uniqueness('This address is already a User of this school.');
      throw error;
    }
    if (input.active) await place(trx, sender, caller, person);
    else
      await logDirectoryEvent(
        trx,
        caller,
        schoolId,
        'suspended',
        input.email,
        'Added as inactive: not a member until the directory activates them',
        sender.now,
      );
    return (await trx('directoryPeople').where({ id: person.id }).first())!;
  });
}

/** The address is a member of the school, holds an open invitation to it, or is already a User. */
async function isUserOfSchool(trx: Db, schoolId: number, email: string, now: number): Promise<boolean> {
  if (await trx('directoryPeople').where({ schoolId, email }).first('id')) return true;
  if (await memberByEmail(trx, schoolId, email)) return true;
  return (await openInvite(trx, schoolId, email, now)) !== undefined;
}

async function memberByEmail(
  trx: Db,
  schoolId: number,
  email: string,
): Promise<{ userId: number; firstName: string | null; lastName: string | null } | undefined> {
  return (await membersByEmail(trx, [schoolId], email)).get(schoolId);
}

/** memberByEmail for several schools at once, by school. */
async function membersByEmail(
  db: Db,
  schoolIds: number[],
  email: string,
): Promise<Map<number, { userId: number; firstName: string | null; lastName: string | null }>> {
  const rows = (await db('schoolMembers')
    .join('users', 'users.id', 'schoolMembers.userId')
    .whereIn('schoolMembers.schoolId', schoolIds)
    .where('users.email', email)
    .select('schoolMembers.schoolId', 'schoolMembers.userId', 'users.firstName', 'users.lastName')) as Array<{
    schoolId: number;
    userId: number;
    firstName: string | null;
    lastName: string | null;
  }>;
  return new Map(rows.map((row) => [Number(row.schoolId), { userId: Number(row.userId), firstName: row.firstName, lastName: row.lastName }]));
}

/** openInvite for several schools at once: each school's newest open invitation of the address. */
async function openInvites(
  db: Db,
  schoolIds: number[],
  email: string,
  now: number,
): Promise<Map<number, { id: number; firstName: string | null; lastName: string | null }>> {
  const rows = (await openInviteQuery(db, schoolIds, email, now).select('schoolId', 'id', 'firstName', 'lastName')) as Array<{
    schoolId: number;
    id: number;
    firstName: string | null;
    lastName: string | null;
  }>;
  const bySchool = new Map<number, { id: number; firstName: string | null; lastName: string | null }>();
  for (const row of rows) if (!bySchool.has(Number(row.schoolId))) bySchool.set(Number(row.schoolId), row);
  return bySchool;
}

/** The schools' invitations of the address still usable (queries/invitations.ts), newest first. */
function openInviteQuery(trx: Db, schoolIds: number | number[], email: string, now: number) {
  return usableSchoolInvites(trx, schoolIds, now).where({ email }).orderBy('id', 'desc');
}

async function openInvite(trx: Db, schoolId: number, email: string, now: number) {
  return openInviteQuery(trx, schoolId, email, now).first('id', 'firstName', 'lastName');
}

/**
 * `filter=userName eq "…"`: the school's (or trust's schools') User with that address. A member
 * or invited person the directory has not seen yet becomes its User here (Entra ID and Okta look
 * a person up before creating them, and then manage the one they found). Nobody outside the
 * token's schools is ever found.
 */
export async function findOrAdoptByEmail(db: Db, schoolIds: number[], email: string, now: number): Promise<DirectoryPerson | undefined> {
  if (!schoolIds.length) return undefined;
  const known = await db('directoryPeople').whereIn('schoolId', schoolIds).where({ email }).first();
  if (known) return known;
  // A trust's token covers all its schools: one statement for their members and one for their
  // open invitations, whatever their number (Entra ID looks up every person it provisions).
  const members = await membersByEmail(db, schoolIds, email);
  const invites = members.size === schoolIds.length ? new Map() : await openInvites(db, schoolIds, email, now);
  for (const schoolId of schoolIds) {
    const member = members.get(schoolId);
    const invited = member ? undefined : invites.get(schoolId);
    if (!member && !invited) continue;
    await db('directoryPeople')
      .insert({
        schoolId,
        email,
        externalId: null,
        givenName: member ? member.firstName : (invited?.firstName ?? null),
        familyName: member ? member.lastName : (invited?.lastName ?? null),
        userId: member?.userId ?? null,
        inviteId: invited ? Number(invited.id) : null,
        active: true,
        suspendedAt: null,
        suspendedRole: null,
        suspendedJoinedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict(['schoolId', 'email'])
      .ignore();
    return db('directoryPeople').where({ schoolId, email }).first();
  }
  return undefined;
}

/** An invited person who has since accepted is a member: the row follows their account. */
export async function settle(trx: Db, person: DirectoryPerson): Promise<DirectoryPerson> {
  if (person.userId !== null || person.inviteId === null) return person;
  const member = await memberByEmail(trx, person.schoolId, person.email);
  if (!member) return person;
  await trx('directoryPeople').where({ id: person.id }).update({ userId: member.userId, inviteId: null });
  return { ...person, userId: member.userId, inviteId: null };
}

export interface PersonChanges {
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  active?: boolean;
}

/**
 * A directory's new name for its person reaches their account only while the account is the
 * school's: a member of it, or suspended by it and a member nowhere. Someone who left, or belongs
 * to another school now, keeps the name they have: one school's directory never renames another's
 * staff.
 */
export async function renameAccount(
  trx: Knex.Transaction,
  person: Pick<DirectoryPerson, 'userId' | 'schoolId' | 'suspendedRole'>,
  names: { firstName: string | null; lastName: string | null },
  now: number,
): Promise<void> {
  if (person.userId === null) return;
  const membership = await membershipOf(trx, person.userId);
  // Suspended by the directory is the membership it took (suspendedRole); a row marked inactive
  // after the person had left took nothing, and they are no longer the school's to rename.
  const ours = membership ? membership.schoolId === person.schoolId : person.suspendedRole !== null;
  if (ours)
    await trx('users')
      .where({ id: person.userId })
      .update({ ...names, updatedAt: now });
}

/** PUT / PATCH: names and externalId follow the directory; `active` suspends or restores. */
export async function updatePerson(
  db: Db,
  sender: InvitationSender,
  caller: DirectoryCaller,
  personId: number,
  changes: PersonChanges,
): Promise<DirectoryPerson> {
  const now = sender.now;
  return inTransaction(db, async (trx) => {
    const locked = await trx('directoryPeople').where({ id: personId }).forUpdate().first();
    if (!locked) throw ScimError.notFound();
    const person = await settle(trx, locked);
    const named =
      (changes.givenName !== undefined && changes.givenName !== person.givenName) ||
      (changes.familyName !== undefined && changes.familyName !== person.familyName);
    const fields: Partial<DirectoryPerson> = {};
    if (changes.externalId !== undefined) fields.externalId = changes.externalId;
    if (changes.givenName !== undefined) fields.givenName = changes.givenName;
    if (changes.familyName !== undefined) fields.familyName = changes.familyName;
    if (Object.keys(fields).length)
      await trx('directoryPeople')
        .where({ id: person.id })
        .update({ ...fields, updatedAt: now });
    if (named) {
      // A member's name is the school's to keep (CONTRACT): their account shows the directory's.
      await renameAccount(trx, person, { firstName: changes.givenName ?? person.givenName, lastName: changes.familyName ?? person.familyName }, now);
      await logDirectoryEvent(trx, caller, person.schoolId, 'changed', person.email, 'Name changed in the directory', now);
    }
    const wasActive = Boolean(person.active);
    if (changes.active === false && wasActive) await suspend(trx, caller, { ...person, ...fields }, now);
    if (changes.active === true && !wasActive) await restore(trx, sender, caller, { ...person, ...fields });
    return (await trx('directoryPeople').where({ id: person.id }).first())!;
  });
}

const lastManager = async (trx: Db, schoolId: number, userId: number): Promise<boolean> => {
  const row = await trx('schoolMembers').where({ schoolId, userId }).first('role');
  if (row?.role !== 'manager') return false;
  const managers = await trx('schoolMembers').where({ schoolId, role: 'manager' }).count({ n: '*' }).first();
  return Number(managers?.n ?? 0) <= 1;
};

/**
 * `active: false`: the membership row moves onto the User (so the person is no member anywhere
 * the code asks), access through the school's licences ends, every session of the account ends.
 * Progress, certificates and group places stay (a group's deadline applies only to members).
 */
export async function suspend(trx: Knex.Transaction, caller: DirectoryCaller, person: DirectoryPerson, now: number): Promise<void> {
  const member = person.userId === null ? undefined : await trx('schoolMembers').where({ schoolId: person.schoolId, userId: person.userId }).first();
  if (member && person.userId !== null) {
    if (await lastManager(trx, person.schoolId, person.userId)) {
      throw ScimError.mutability('Not suspended: the school’s only manager cannot be, make someone else a manager first.').about(person.schoolId, person.email);
    }
    await trx('directoryPeople')
      .where({ id: person.id })
      .update({ active: false, suspendedAt: now, suspendedRole: member.role, suspendedJoinedAt: Number(member.joinedAt), updatedAt: now });
    await trx('schoolMembers').where({ schoolId: person.schoolId, userId: person.userId }).delete();
    const licences: Array<{ courseId: number }> = await trx('schoolLicences').select('courseId').where({ schoolId: person.schoolId });
    await removeLicenceEnrollments(
      trx,
      [person.userId],
      licences.map((row) => Number(row.courseId)),
    );
    await destroyUserSessions(trx, person.userId);
    await logDirectoryEvent(trx, caller, person.schoolId, 'suspended', person.email, 'Suspended: signed out, no school access, not counted', now);
    return;
  }
  await trx('directoryPeople').where({ id: person.id }).update({ active: false, suspendedAt: now, updatedAt: now });
  if (person.inviteId !== null) {
    await trx('schoolInvites').where({ id: person.inviteId }).whereNull('revokedAt').update({ revokedAt: now });
    await trx('directoryPeople').where({ id: person.id }).update({ inviteId: null });
  }
  const detail = person.inviteId !== null ? 'Suspended before joining: invitation withdrawn' : 'Marked inactive (not a member of the school)';
  await logDirectoryEvent(trx, caller, person.schoolId, 'suspended', person.email, detail, now);
}

/** `active: true`: the membership comes back as it was (or the person is placed afresh). */
export async function restore(trx: Knex.Transaction, sender: InvitationSender, caller: DirectoryCaller, person: DirectoryPerson): Promise<void> {
  const now = sender.now;
  await trx('directoryPeople')
    .where({ id: person.id })
    .update({ active: true, suspendedAt: null, suspendedRole: null, suspendedJoinedAt: null, updatedAt: now });
  if (person.userId !== null && person.suspendedRole !== null) {
    if (await membershipOf(trx, person.userId)) {
      await logDirectoryEvent(trx, caller, person.schoolId, 'refused', person.email, 'Not restored: they have joined another school since', now);
      await trx('directoryPeople').where({ id: person.id }).update({ userId: null });
      return;
    }
    await trx('schoolMembers').insert({
      schoolId: person.schoolId,
      userId: person.userId,
      role: person.suspendedRole,
      joinedAt: Number(person.suspendedJoinedAt ?? now),
    });
    await enrollByLicence(trx, [person.userId], await schoolLicensedCourseIds(trx, person.schoolId), now);
    await logDirectoryEvent(trx, caller, person.schoolId, 'restored', person.email, 'Reactivated: a member again', now);
    return;
  }
  await place(trx, sender, caller, { ...person, active: true });
}

/** DELETE: the membership (or invitation) goes, never the account nor its certificates. */
export async function removePerson(db: Db, caller: DirectoryCaller, personId: number, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const locked = await trx('directoryPeople').where({ id: personId }).forUpdate().first();
    if (!locked) throw ScimError.notFound();
    const person = await settle(trx, locked);
    if (person.userId !== null) {
      if (person.suspendedAt !== null) {
        // Suspension kept the consent for a return; removal ends that membership for good.
        await leaveGroupsOfSchool(trx, person.userId, person.schoolId);
        await forgetSchoolCpdShare(trx, person.userId, person.schoolId);
      } else if (await trx('schoolMembers').where({ schoolId: person.schoolId, userId: person.userId }).first('id')) {
        if (await lastManager(trx, person.schoolId, person.userId)) {
          throw ScimError.mutability('Not removed: the school’s only manager cannot be, make someone else a manager first.').about(
            person.schoolId,
            person.email,
          );
        }
        await leaveSchool(trx, person.userId, person.schoolId);
      }
    }
    if (person.inviteId !== null) await trx('schoolInvites').where({ id: person.inviteId }).whereNull('revokedAt').update({ revokedAt: now });
    await trx('directoryPeople').where({ id: person.id }).delete();
    await logDirectoryEvent(trx, caller, person.schoolId, 'removed', person.email, 'Removed from the school (account and certificates kept)', now);
  });
}
