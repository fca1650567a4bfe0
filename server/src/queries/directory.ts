import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { DirectoryEvent, DirectoryPerson, DirectoryToken } from '../db/tables.ts';
import { invitedAmong, membersAmong, type InvitedAmongRow, type MemberAmongRow } from './rosterStanding.ts';

// Reads for directory sync (issue 56): tokens, the directory's people and its log.

/** Whose directory a token speaks for: one school, or every school of one trust. */
export type DirectoryOwner = { kind: 'school'; id: number } | { kind: 'trust'; id: number };

export const ownerOfToken = (token: Pick<DirectoryToken, 'schoolId' | 'trustId'>): DirectoryOwner =>
  token.schoolId !== null ? { kind: 'school', id: Number(token.schoolId) } : { kind: 'trust', id: Number(token.trustId) };

const ownerWhere = (owner: DirectoryOwner) => (owner.kind === 'school' ? { schoolId: owner.id } : { trustId: owner.id });

/** A token that still works, by its secret's hash. */
export function liveTokenByHash(db: Db, tokenHash: string): Promise<DirectoryToken | undefined> {
  return db('directoryTokens').where({ tokenHash }).whereNull('revokedAt').first();
}

/**
 * Whether the person who made the token may still hold it: an agency admin, or a manager of its
 * owner now (a manager of its school; one of its trust's managers). A token is a manager's
 * standing in the directory's hands: once they leave, are demoted or their account goes, so does
 * the token (a deleted maker's `createdBy` is null). One lookup by the user's key.
 */
export async function tokenMakerStillManages(db: Db, token: Pick<DirectoryToken, 'createdBy' | 'schoolId' | 'trustId'>): Promise<boolean> {
  if (token.createdBy === null) return false;
  const userId = Number(token.createdBy);
  const owner = ownerOfToken(token);
  const managesOwner: Knex.QueryBuilder =
    owner.kind === 'school'
      ? db('schoolMembers').where({ userId, schoolId: owner.id, role: 'manager' }).select(db.raw('1'))
      : db('trustManagers').where({ userId, trustId: owner.id }).select(db.raw('1'));
  const maker = await db('users')
    .where({ id: userId })
    .whereNull('deletedAt')
    .where((w) => w.where('role', 'admin').orWhereExists(managesOwner))
    .first('id');
  return maker !== undefined;
}

/** The tokens of a school or trust that still work, newest first. */
export function tokensOf(db: Db, owner: DirectoryOwner): Promise<DirectoryToken[]> {
  return db('directoryTokens').where(ownerWhere(owner)).whereNull('revokedAt').orderBy('id', 'desc');
}

/** The schools a token's people can belong to: its school, or its trust's schools. */
export async function schoolIdsOf(db: Db, owner: DirectoryOwner): Promise<number[]> {
  if (owner.kind === 'school') return [owner.id];
  const rows: Array<{ id: number }> = await db('schools').where({ trustId: owner.id }).select('id');
  return rows.map((row) => Number(row.id));
}

/** The sync log, newest first (at most `limit` lines). */
export function eventsOf(db: Db, owner: DirectoryOwner, limit: number): Promise<DirectoryEvent[]> {
  const query = db('directoryEvents').orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
  if (owner.kind === 'school') return query.where({ schoolId: owner.id });
  // A trust's log: what its token did, and what happened in its schools.
  return query.where((w) => w.where({ trustId: owner.id }).orWhereIn('schoolId', (sub) => sub.from('schools').where({ trustId: owner.id }).select('id')));
}

/** A SCIM User the token may see, by id (undefined for anyone else's). */
export async function personInScope(db: Db, schoolIds: number[], id: number): Promise<DirectoryPerson | undefined> {
  if (!schoolIds.length) return undefined;
  return db('directoryPeople').where({ id }).whereIn('schoolId', schoolIds).first();
}

export interface PeoplePage {
  rows: DirectoryPerson[];
  total: number;
}

/** SCIM Users in scope, by id, narrowed by address or externalId; `startIndex` counts from 1. */
export async function peopleInScope(
  db: Db,
  schoolIds: number[],
  filter: { email?: string; externalId?: string } | null,
  startIndex: number,
  count: number,
): Promise<PeoplePage> {
  if (!schoolIds.length) return { rows: [], total: 0 };
  const base = () => {
    const query = db('directoryPeople').whereIn('schoolId', schoolIds);
    if (filter?.email !== undefined) query.where({ email: filter.email });
    if (filter?.externalId !== undefined) query.where({ externalId: filter.externalId });
    return query;
  };
  const [totalRow, rows] = await Promise.all([
    base().count({ n: '*' }).first(),
    count === 0
      ? Promise.resolve([])
      : base()
          .orderBy('id')
          .offset(startIndex - 1)
          .limit(count),
  ]);
  return { rows: rows as DirectoryPerson[], total: Number(totalRow?.n ?? 0) };
}

/** The user ids of the school's members the directory manages (the members list marks them). */
export async function directoryManagedUserIds(db: Db, schoolId: number): Promise<Set<number>> {
  const rows: Array<{ userId: number }> = await db('directoryPeople').where({ schoolId }).whereNotNull('userId').select('userId');
  return new Set(rows.map((row) => Number(row.userId)));
}

/** A school as a directory names it: by its key (set by its trust's managers), else by its name. */
export interface DirectorySchoolRow {
  id: number;
  name: string;
  /** null: matched by name. */
  key: string | null;
}

/** A trust's schools with the key its directory names each by (null: matched by name), by name. */
export async function directorySchoolsOf(db: Db, trustId: number): Promise<DirectorySchoolRow[]> {
  const rows: Array<{ id: number; name: string; scimKey?: string | null }> = await db('schools')
    .where({ trustId })
    .select('id', 'name', 'scimKey')
    .orderBy('name');
  return rows.map((row) => ({ id: Number(row.id), name: row.name, key: row.scimKey ?? null }));
}

/** The schools a token's people can belong to (its school, or its trust's), as its directory names them, by name. */
export async function directorySchoolsOfOwner(db: Db, owner: DirectoryOwner): Promise<DirectorySchoolRow[]> {
  if (owner.kind === 'trust') return directorySchoolsOf(db, owner.id);
  const school = await db('schools').where({ id: owner.id }).first('id', 'name', 'scimKey');
  return school ? [{ id: Number(school.id), name: school.name, key: school.scimKey ?? null }] : [];
}

/** What a OneRoster bundle's plan reads of the owner's schools, as they are now. */
export interface OneRosterStandingRows {
  schools: DirectorySchoolRow[];
  /** Everyone a directory (a bundle or SCIM) placed in these schools. */
  managed: DirectoryPerson[];
  /** Who else is there, of the bundle's addresses: members, and open invitations. */
  members: MemberAmongRow[];
  invited: InvitedAmongRow[];
  /** The schools' proven domains. */
  proven: Array<{ schoolId: number; domain: string }>;
}

/** The owner's schools, and who of the bundle's people (its addresses) they already have. */
export async function oneRosterStanding(db: Db, owner: DirectoryOwner, people: ReadonlyArray<{ email: string }>, now: number): Promise<OneRosterStandingRows> {
  const schools = await directorySchoolsOfOwner(db, owner);
  const schoolIds = schools.map((school) => school.id);
  if (!schoolIds.length) return { schools, managed: [], members: [], invited: [], proven: [] };
  const emails = [...new Set(people.map((person) => person.email).filter(Boolean))];
  const managed: DirectoryPerson[] = await db('directoryPeople').whereIn('schoolId', schoolIds);
  const members = await membersAmong(db, schoolIds, emails);
  const invited = await invitedAmong(db, schoolIds, emails, now);
  const proven: Array<{ schoolId: number; domain: string }> = await db('schoolDomains')
    .whereIn('schoolId', schoolIds)
    .whereNotNull('verifiedAt')
    .select('schoolId', 'domain');
  return { schools, managed, members, invited, proven: proven.map((row) => ({ schoolId: Number(row.schoolId), domain: row.domain })) };
}
