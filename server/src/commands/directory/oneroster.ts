import {
  EMAIL_MAX_LENGTH,
  emailDomain,
  ONEROSTER_MAX_STAFF_ROWS,
  ONEROSTER_STAFF_ROLES,
  type OneRosterCountsDto,
  type OneRosterOrgDto,
  type OneRosterRowDto,
} from '@atrium/common';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '../../db/knex.ts';
import type { DirectoryPerson } from '../../db/tables.ts';
import { insertAndFetch } from '../../db/insertAndFetch.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { oneRosterStanding, schoolIdsOf, type DirectoryOwner, type DirectorySchoolRow, type OneRosterStandingRows } from '../../queries/directory.ts';
import type { InvitationSender } from '../schools/invites.ts';
import { inTransaction } from '../schools/shared.ts';
import { logDirectoryEvent } from './log.ts';
import type { DirectoryCaller } from './people.ts';
import { place, renameAccount, restore, settle, suspend } from './people.ts';
import { schoolNamed } from './schoolKeys.ts';
import { ScimError } from './scimError.ts';
import type { OneRosterBundle, OneRosterOrg, OneRosterUser } from './onerosterBundle.ts';

// OneRoster 1.2 CSV bundles (issue 56 item 4): the staff of a bundle kept as a directory would
// keep them. A bundle's people are directoryPeople rows with source 'oneroster' (047_oneroster),
// so joining, inviting, suspending and restoring are SCIM's own (people.ts): a person a bundle
// added and the next bundle leaves out is suspended exactly as `active: false` suspends. People
// in the school another way (by hand, a roster, an invitation, SCIM) are shown as kept and never
// changed nor suspended by a bundle.

const NAME_MAX = 100;
// As long as the columns that keep an address (254): a longer one is refused on its row, not a 500.
const emailSchema = z.email().max(EMAIL_MAX_LENGTH);
/** directoryPeople.sourcedId's width. */
const SOURCED_ID_MAX = 255;
const STAFF = new Set<string>(ONEROSTER_STAFF_ROLES.map((role) => role.toLowerCase()));
/** Roles a bundle carries that are not staff: their rows are skipped without a word. */
const NOT_STAFF = new Set(['student', 'guardian', 'parent', 'relative']);

interface Plan {
  orgs: OneRosterOrgDto[];
  rows: OneRosterRowDto[];
  counts: OneRosterCountsDto;
  /** Leavers' and changed people's rows, by (school, address). */
  people: Map<string, DirectoryPerson>;
}

const keyOf = (schoolId: number, email: string) => `${schoolId} ${email}`;
const clean = (text: string) => text.toLowerCase().trim();

/**
 * Which school each org is: a school whose key (set by the trust) is the org's sourcedId, else
 * one whose name is the org's name (without case). A school's own upload maps its one school org
 * to itself when the bundle has just one.
 */
function mapOrgs(owner: DirectoryOwner, schools: DirectorySchoolRow[], orgs: OneRosterOrg[]): Map<string, DirectorySchoolRow> {
  const mapped = new Map<string, DirectorySchoolRow>();
  for (const org of orgs) {
    const school = schoolNamed(schools, org.sourcedId, org.name);
    if (school) mapped.set(org.sourcedId, school);
  }
  const schoolOrgs = orgs.filter((org) => clean(org.type) === 'school');
  if (owner.kind === 'school' && mapped.size === 0 && schoolOrgs.length === 1) mapped.set(schoolOrgs[0]!.sourcedId, schools[0]!);
  return mapped;
}

/** The staff role and school of a row, or why it has none; null for a row that is not staff. */
function placeOf(
  user: OneRosterUser,
  orgs: Map<string, OneRosterOrg>,
  mapped: Map<string, DirectorySchoolRow>,
): { role: string; school: DirectorySchoolRow } | string | null {
  const staff = user.roles.filter((entry) => STAFF.has(entry.role.toLowerCase()));
  if (!staff.length) {
    if (!user.roles.length) return 'No role (users.csv role, or roles.csv)';
    if (user.roles.every((entry) => NOT_STAFF.has(entry.role.toLowerCase()))) return null;
    return `"${user.roles[0]!.role}" is not a staff role (${ONEROSTER_STAFF_ROLES.join(', ')})`;
  }
  for (const entry of staff) {
    const school = mapped.get(entry.orgSourcedId);
    if (school) return { role: entry.role, school };
  }
  const first = staff[0]!;
  if (!first.orgSourcedId) return 'No org for the role (orgSourcedIds)';
  const org = orgs.get(first.orgSourcedId);
  if (!org) return `Org "${first.orgSourcedId}" is not in orgs.csv`;
  return `Org "${org.name}" (${org.sourcedId}) is not one of your schools: a school maps by its name (or its directory key)`;
}

/**
 * What applying the bundle would do, given the owner's schools as they are now (queries/directory.ts
 * oneRosterStanding): the preview's answer, and the plan the apply carries out.
 */
export function planOneRoster(owner: DirectoryOwner, bundle: OneRosterBundle, standing: OneRosterStandingRows): Plan {
  const { schools, managed } = standing;
  const orgById = new Map(bundle.orgs.map((org) => [org.sourcedId, org]));
  const mapped = mapOrgs(owner, schools, bundle.orgs);
  const counts: OneRosterCountsDto = { join: 0, invite: 0, change: 0, unchanged: 0, kept: 0, leave: 0, error: 0, skipped: 0 };
  const rows: OneRosterRowDto[] = [];
  const staffPerOrg = new Map<string, number>();
  // Everyone a bundle placed in these schools, and who else is there (members, open invitations).
  const known = new Map(managed.map((person) => [keyOf(person.schoolId, person.email), person]));
  const memberKeys = new Set(standing.members.map((row) => keyOf(row.schoolId, row.email.toLowerCase())));
  const invitedKeys = new Set(standing.invited.map((row) => keyOf(row.schoolId, row.email)));
  const provenKeys = new Set(standing.proven.map((row) => keyOf(row.schoolId, row.domain)));
  /** Addresses the bundle names at all (even on a bad row): nobody is suspended over a typo. */
  const named = new Set<string>();
  const seen = new Map<string, number>();
  let staffRows = 0;
  for (const user of bundle.users) {
    // Staff disabled in the export (a leaver below if a bundle added them), students, guardians.
    if (!user.enabled) {
      counts.skipped += 1;
      continue;
    }
    if (user.email) named.add(user.email);
    const where = placeOf(user, orgById, mapped);
    if (where === null) {
      counts.skipped += 1;
      continue;
    }
    staffRows += 1;
    const base = {
      line: user.line,
      sourcedId: user.sourcedId || null,
      email: user.email || user.username,
      givenName: user.givenName || null,
      familyName: user.familyName || null,
      role: typeof where === 'string' ? (user.roles[0]?.role ?? null) : where.role,
      schoolId: typeof where === 'string' ? null : where.school.id,
      schoolName: typeof where === 'string' ? null : where.school.name,
    };
    const push = (status: OneRosterRowDto['status'], detail: string | null) => {
      rows.push({ ...base, status, detail });
      counts[status] += 1;
    };
    if (!user.sourcedId) push('error', 'No sourcedId');
    else if (user.sourcedId.length > SOURCED_ID_MAX) push('error', `The sourcedId is longer than ${SOURCED_ID_MAX} characters`);
    else if (!user.email) push('error', 'No e-mail address (email, or a username that is one)');
    else if (!emailSchema.safeParse(user.email).success) push('error', `"${user.email}" is not a valid e-mail address`);
    else if (user.givenName.length > NAME_MAX || user.familyName.length > NAME_MAX) push('error', `Names are limited to ${NAME_MAX} characters`);
    else if (typeof where === 'string') push('error', where);
    else {
      const key = keyOf(where.school.id, user.email);
      const earlier = seen.get(user.email);
      staffPerOrg.set(where.school.name, (staffPerOrg.get(where.school.name) ?? 0) + 1);
      if (earlier !== undefined) push('error', `Same address as line ${earlier}`);
      else {
        seen.set(user.email, user.line);
        const person = known.get(key);
        if (person && person.source !== 'oneroster') push('kept', 'Kept by directory sync (SCIM): a bundle does not change them');
        else if (person) {
          const changes: string[] = [];
          if (!person.active) changes.push('back after a suspension');
          if ((person.givenName ?? '') !== user.givenName || (person.familyName ?? '') !== user.familyName) {
            changes.push(
              `name ${[person.givenName, person.familyName].filter(Boolean).join(' ')} → ${[user.givenName, user.familyName].filter(Boolean).join(' ')}`,
            );
          }
          push(changes.length ? 'change' : 'unchanged', changes.length ? changes.join('; ') : null);
        } else if (memberKeys.has(key)) push('kept', 'Already a member, added another way: a bundle never suspends them');
        else if (invitedKeys.has(key)) push('kept', 'Already invited: the invitation stands');
        else if (provenKeys.has(keyOf(where.school.id, emailDomain(user.email)))) push('join', 'Joins at once (address on a proven domain)');
        else push('invite', 'Gets the usual invitation by e-mail');
      }
    }
    if (staffRows > ONEROSTER_MAX_STAFF_ROWS) {
      throw badRequest(`The bundle has more than ${ONEROSTER_MAX_STAFF_ROWS.toLocaleString('en-GB')} staff: export one school (or a few) at a time.`, {
        files: `At most ${ONEROSTER_MAX_STAFF_ROWS} staff`,
      });
    }
  }
  const placed = new Set(rows.filter((row) => row.status !== 'error').map((row) => row.email));
  const people = new Map<string, DirectoryPerson>();
  const wanted = new Set(rows.filter((row) => row.schoolId !== null).map((row) => keyOf(row.schoolId!, row.email)));
  for (const person of managed) {
    if (person.source !== 'oneroster') continue;
    const key = keyOf(person.schoolId, person.email);
    people.set(key, person);
    if (wanted.has(key) || !person.active) continue;
    // Named on a bad row (or under another school of the trust): not suspended on a guess.
    if (named.has(person.email) && !placed.has(person.email)) continue;
    rows.push({
      line: null,
      sourcedId: person.sourcedId,
      email: person.email,
      givenName: person.givenName,
      familyName: person.familyName,
      role: null,
      schoolId: person.schoolId,
      schoolName: schools.find((school) => school.id === person.schoolId)?.name ?? null,
      status: 'leave',
      detail: 'Not in this bundle: suspended (as a directory’s leaver), progress and certificates kept',
    });
    counts.leave += 1;
  }
  const orgs = bundle.orgs
    .filter((org) => clean(org.type) === 'school' || mapped.has(org.sourcedId))
    .map((org) => {
      const school = mapped.get(org.sourcedId) ?? null;
      return {
        sourcedId: org.sourcedId,
        name: org.name,
        type: org.type,
        schoolId: school?.id ?? null,
        schoolName: school?.name ?? null,
        staff: school ? (staffPerOrg.get(school.name) ?? 0) : 0,
      };
    });
  return { orgs, rows, counts, people };
}

/** A refusal of SCIM's commands (the school's only manager, the invitation rules) as the API's 4xx. */
function asHttpError(error: unknown, email: string): unknown {
  if (!(error instanceof ScimError)) return error;
  return new HttpError(error.status === 403 ? 403 : 400, error.status === 403 ? 'forbidden' : 'bad_request', `${email}: ${error.message} Nothing was changed.`);
}

/**
 * Applies the bundle in one transaction, with the schools' rows locked and the plan made again
 * inside it: bad rows are skipped; anything else refused (the invitation cap, the school's only
 * manager as a leaver) refuses the whole bundle and changes nothing.
 */
export async function applyOneRoster(db: Db, sender: InvitationSender, caller: DirectoryCaller, bundle: OneRosterBundle): Promise<OneRosterCountsDto> {
  const now = sender.now;
  return inTransaction(db, async (trx: Knex.Transaction) => {
    const schoolIds = await schoolIdsOf(trx, caller.owner);
    if (schoolIds.length) await trx('schools').whereIn('id', schoolIds).orderBy('id').forUpdate().select('id');
    const plan = planOneRoster(caller.owner, bundle, await oneRosterStanding(trx, caller.owner, bundle.users, now));
    const userOnLine = new Map(bundle.users.map((entry) => [entry.line, entry]));
    for (const row of plan.rows) {
      try {
        if (row.status === 'join' || row.status === 'invite') {
          const user = userOnLine.get(row.line!)!;
          const person = await insertAndFetch(trx, 'directoryPeople', {
            schoolId: row.schoolId!,
            email: row.email,
            externalId: null,
            givenName: row.givenName,
            familyName: row.familyName,
            userId: null,
            inviteId: null,
            active: true,
            suspendedAt: null,
            suspendedRole: null,
            suspendedJoinedAt: null,
            createdAt: now,
            updatedAt: now,
            source: 'oneroster',
            sourcedId: user.sourcedId,
          });
          await place(trx, sender, caller, person);
        } else if (row.status === 'change') {
          const person = await settle(trx, plan.people.get(keyOf(row.schoolId!, row.email))!);
          const renamed = (person.givenName ?? null) !== row.givenName || (person.familyName ?? null) !== row.familyName;
          await trx('directoryPeople')
            .where({ id: person.id })
            .update({ givenName: row.givenName, familyName: row.familyName, sourcedId: row.sourcedId, updatedAt: now });
          if (renamed) {
            await renameAccount(trx, person, { firstName: row.givenName, lastName: row.familyName }, now);
            await logDirectoryEvent(trx, caller, person.schoolId, 'changed', person.email, 'Name changed in the OneRoster bundle', now);
          }
          if (!person.active) await restore(trx, sender, caller, { ...person, givenName: row.givenName, familyName: row.familyName });
        } else if (row.status === 'leave') {
          const person = await settle(trx, plan.people.get(keyOf(row.schoolId!, row.email))!);
          await suspend(trx, caller, person, now);
        }
      } catch (error) {
        throw asHttpError(error, row.email);
      }
    }
    return plan.counts;
  });
}
