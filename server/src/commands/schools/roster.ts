import { parse } from 'csv-parse/sync';
import {
  EMAIL_MAX_LENGTH,
  GROUP_NAME_MAX,
  groupNameKey,
  ROSTER_MAX_ROWS,
  type RosterCountsDto,
  type RosterGroupDto,
  type RosterRowDto,
  type RosterRowStatus,
} from '@atrium/common';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '../../db/knex.ts';
import { badRequest } from '../../errors.ts';
import { applyRosterGroups, MAX_GROUPS_PER_OWNER } from '../groups.ts';
import { insertInvitations, reserveInvitationMail, type InvitationSender } from './invites.ts';
import { inTransaction } from './shared.ts';
import { schoolGroupNamesByKey } from '../../queries/groups.ts';
import { invitedAmong, membersAmong } from '../../queries/rosterStanding.ts';

const NAME_MAX = 100;
/** Groups one row may name (its role, its department and its groups together). */
export const ROSTER_GROUPS_PER_ROW = 20;
// As long as the columns that keep an address (254): a longer one is refused on its row, not a 500.
const emailSchema = z.email().max(EMAIL_MAX_LENGTH);

export interface RosterLine {
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Group names from the role, department and groups columns (issue 39), each once. */
  groups: string[];
}

type Column = 'email' | 'firstName' | 'lastName' | 'role' | 'department' | 'groups';

const HEADER_NAMES: Record<string, Column> = {
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  'e-mail address': 'email',
  mail: 'email',
  'first name': 'firstName',
  firstname: 'firstName',
  'given name': 'firstName',
  forename: 'firstName',
  'last name': 'lastName',
  lastname: 'lastName',
  surname: 'lastName',
  'family name': 'lastName',
  // Optional columns naming groups (issue 39): a role ("Teaching assistant") and a department
  // ("Office") are groups like any other, so a course can be given by job title.
  role: 'role',
  'job title': 'role',
  department: 'department',
  groups: 'groups',
  group: 'groups',
};

/** The row's groups: its role, its department and each of its groups (semicolon-separated), each name once. */
function groupsOf(role: string | null, department: string | null, groups: string | null): string[] {
  const names = [role, department, ...(groups ?? '').split(';')].map((name) => (name ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = groupNameKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A file is text: a NUL or another control character (but tab, CR, LF) means it is not a CSV (an .xlsx, a PDF, an image). */
export function looksBinary(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffd) return true;
  }
  return false;
}

/** Comma, or what a paste from a spreadsheet (tab) or a European CSV (semicolon) uses instead. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  if (first.includes('\t')) return '\t';
  if (first.includes(';') && !first.includes(',')) return ';';
  return ',';
}

/**
 * Reads a CSV file or a pasted list into rows: columns found by a header row (email, first name,
 * last name, in any order and common spellings) or, without one, taken as e-mail, first name,
 * last name. Cells are kept as the text they are: a name such as "=SUM(A1)" is stored as those
 * characters (the spreadsheets Atrium writes never turn text into formulas).
 */
export function parseRoster(text: string): RosterLine[] {
  if (looksBinary(text))
    throw badRequest('This file is not a CSV file. Save the spreadsheet as CSV (comma separated) and upload that.', { csv: 'Not a CSV file' });
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
      to: ROSTER_MAX_ROWS + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    throw badRequest(`This file could not be read as CSV (${message}).`, { csv: 'Not a readable CSV file' });
  }
  let columns: Record<Column, number> = { email: 0, firstName: 1, lastName: 2, role: -1, department: -1, groups: -1 };
  const header = records[0]?.record.map((cell) =>
    cell
      .toLowerCase()
      .replace(/[_\s]+/g, ' ')
      .trim(),
  );
  if (header && header.some((cell) => HEADER_NAMES[cell] === 'email')) {
    const found: Partial<typeof columns> = {};
    header.forEach((cell, index) => {
      const name = HEADER_NAMES[cell];
      if (name && found[name] === undefined) found[name] = index;
    });
    columns = {
      email: found.email!,
      firstName: found.firstName ?? -1,
      lastName: found.lastName ?? -1,
      role: found.role ?? -1,
      department: found.department ?? -1,
      groups: found.groups ?? -1,
    };
    records = records.slice(1);
  }
  if (records.length > ROSTER_MAX_ROWS) {
    throw badRequest(`The list has more than ${ROSTER_MAX_ROWS.toLocaleString('en-GB')} people: split it into smaller files.`, {
      csv: `At most ${ROSTER_MAX_ROWS} rows`,
    });
  }
  const cell = (record: string[], index: number) => (index >= 0 && record[index] ? record[index] : null);
  return records.map(({ record, info }) => ({
    line: info.lines,
    email: (cell(record, columns.email) ?? '').toLowerCase(),
    firstName: cell(record, columns.firstName),
    lastName: cell(record, columns.lastName),
    groups: groupsOf(cell(record, columns.role), cell(record, columns.department), cell(record, columns.groups)),
  }));
}

/** The roster's valid addresses, each once: what `classifyRoster` needs read (queries/rosterStanding.ts). */
export function rosterAddresses(lines: RosterLine[]): string[] {
  return [...new Set(lines.map((row) => row.email).filter((email) => emailSchema.safeParse(email).success))];
}

/**
 * What would happen to each row, given who of its addresses the school already has (read as it is
 * now: `membersAmong` and `invitedAmong` of `rosterAddresses`). It tells the manager only what
 * they may know: the row is invalid, a duplicate, already a member of this school, already
 * invited by it, or will be invited. Whether an address has an account, or belongs to another
 * school, is nobody's business here: those people get an invitation like everyone else, and
 * nobody joins without accepting it.
 */
export function classifyRoster(
  lines: RosterLine[],
  school: { members: ReadonlyArray<{ email: string }>; invited: ReadonlyArray<{ email: string }> },
): RosterRowDto[] {
  const memberEmails = new Set(school.members.map((row) => row.email.toLowerCase()));
  const invitedEmails = new Set(school.invited.map((row) => row.email));
  const firstLine = new Map<string, number>();
  return lines.map((row) => {
    const base = { line: row.line, email: row.email, firstName: row.firstName, lastName: row.lastName, groups: row.groups };
    const problem = (status: RosterRowStatus, text: string): RosterRowDto => ({ ...base, status, problem: text });
    if (!row.email) return problem('invalid', 'No e-mail address');
    if (!emailSchema.safeParse(row.email).success) return problem('invalid', 'Not a valid e-mail address');
    if ((row.firstName?.length ?? 0) > NAME_MAX || (row.lastName?.length ?? 0) > NAME_MAX)
      return problem('invalid', `Names are limited to ${NAME_MAX} characters`);
    if (row.groups.some((name) => name.length > GROUP_NAME_MAX)) return problem('invalid', `Group names are limited to ${GROUP_NAME_MAX} characters`);
    if (row.groups.length > ROSTER_GROUPS_PER_ROW) return problem('invalid', `A person can be put in at most ${ROSTER_GROUPS_PER_ROW} groups at once`);
    const earlier = firstLine.get(row.email);
    if (earlier !== undefined) return problem('duplicate', `Same address as line ${earlier}`);
    firstLine.set(row.email, row.line);
    if (memberEmails.has(row.email)) return { ...base, status: 'member', problem: null };
    if (invitedEmails.has(row.email)) return { ...base, status: 'invited', problem: null };
    return { ...base, status: 'invite', problem: null };
  });
}

export function countRoster(rows: RosterRowDto[]): RosterCountsDto {
  const counts: RosterCountsDto = { invite: 0, member: 0, invited: 0, invalid: 0, duplicate: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

const skipped = (row: RosterRowDto) => row.status === 'invalid' || row.status === 'duplicate';

/** The groups the rows (not skipped) name, by name key, each with its first spelling and how many rows name it. */
export function namedGroups(rows: RosterRowDto[]): Map<string, { name: string; people: number }> {
  const named = new Map<string, { name: string; people: number }>();
  for (const row of rows) {
    if (skipped(row)) continue;
    for (const name of row.groups) {
      const entry = named.get(groupNameKey(name)) ?? { name, people: 0 };
      entry.people += 1;
      named.set(groupNameKey(name), entry);
    }
  }
  return named;
}

/**
 * Refuses (400, before anything is read or written) a list that names more different groups than
 * a school can have (MAX_GROUPS_PER_OWNER): such a list is not a staff structure, and looking its
 * names up would be one unbounded statement.
 */
export function requireFewGroups(named: ReadonlyMap<string, unknown>): void {
  if (named.size <= MAX_GROUPS_PER_OWNER) return;
  const most = MAX_GROUPS_PER_OWNER.toLocaleString('en-GB');
  throw badRequest(
    `The list names ${named.size.toLocaleString('en-GB')} different groups; a school can have at most ${most}. Check the role, department and groups columns.`,
    {
      csv: `At most ${most} different groups`,
    },
  );
}

/**
 * The groups the rows name, each with how many rows name it and whether the school has it
 * (`existing`: the school's names by key, queries/groups.ts schoolGroupNamesByKey): a roster's
 * names are the school's own groups (its trust's are the trust managers' to fill).
 */
export function rosterGroups(named: Map<string, { name: string; people: number }>, existing: ReadonlyMap<string, string>): RosterGroupDto[] {
  return [...named.entries()]
    .map(([key, entry]) => ({ name: existing.get(key) ?? entry.name, exists: existing.has(key), people: entry.people }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

/**
 * The roster's rows put in their groups, inside the import's transaction: refused (400, nothing
 * written) when the list names groups the school does not have and the manager did not confirm
 * creating them. Members already in the school join now; invitations (new, or pending ones) carry
 * their groups to the acceptance.
 */
async function rosterIntoGroups(trx: Knex.Transaction, schoolId: number, rows: RosterRowDto[], createGroups: boolean, now: number): Promise<number> {
  const named = rows.filter((row) => !skipped(row) && row.groups.length);
  if (!named.length) return 0;
  const wanted = namedGroups(rows);
  requireFewGroups(wanted);
  const groups = rosterGroups(wanted, await schoolGroupNamesByKey(trx, schoolId, [...wanted.keys()]));
  const missing = groups.filter((group) => !group.exists);
  if (missing.length && !createGroups) {
    const list = missing.map((group) => `"${group.name}"`).join(', ');
    throw badRequest(`The list names groups your school does not have yet: ${list}. Confirm creating them, or remove them from the list. Nobody was invited.`, {
      createGroups: `Create ${missing.length === 1 ? 'this group' : 'these groups'}: ${list}`,
    });
  }
  const names = new Map<string, string>();
  for (const row of named) for (const name of row.groups) if (!names.has(groupNameKey(name))) names.set(groupNameKey(name), name);
  const emails = named.map((row) => row.email);
  const members = await membersAmong(trx, schoolId, emails);
  const invites = await invitedAmong(trx, schoolId, emails, now);
  const keysOf = new Map(named.map((row) => [row.email, row.groups.map(groupNameKey)]));
  return applyRosterGroups(
    trx,
    schoolId,
    {
      names,
      members: members.map((member) => ({ userId: member.userId, groups: keysOf.get(member.email.toLowerCase()) ?? [] })),
      invites: invites.map((invite) => ({ inviteId: invite.id, groups: keysOf.get(invite.email) ?? [] })),
    },
    now,
  );
}

/**
 * Invites the people of a roster (or of the invite-by-e-mail form) in one transaction: everyone
 * new to the school gets a personal invitation by e-mail, accounts or not; nobody is added
 * without accepting. Rows are classified again inside the transaction, with the school's row
 * locked, so running the same file twice (or two managers at once) invites nobody twice. The
 * whole batch must fit under the school's daily cap, or nothing is sent.
 */
export async function invitePeople(
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; lines: RosterLine[]; createGroups?: boolean },
): Promise<{ invited: number; unchanged: number; skipped: number; groupsCreated: number }> {
  const schoolId = input.school.id;
  return inTransaction(db, async (trx) => {
    // One roster upload for a school at a time: the school row is the lock.
    await trx('schools').where({ id: schoolId }).forUpdate().first();
    const emails = rosterAddresses(input.lines);
    const rows = classifyRoster(input.lines, {
      members: await membersAmong(trx, schoolId, emails),
      invited: await invitedAmong(trx, schoolId, emails, deps.now),
    });
    const invitees = rows.filter((row) => row.status === 'invite');
    await reserveInvitationMail(trx, deps, schoolId, input.inviter, invitees.length);
    await insertInvitations(trx, deps, { school: input.school, inviter: input.inviter, invitees });
    const groupsCreated = await rosterIntoGroups(trx, schoolId, rows, input.createGroups ?? false, deps.now);
    const counts = countRoster(rows);
    return { invited: invitees.length, unchanged: counts.member + counts.invited, skipped: counts.invalid + counts.duplicate, groupsCreated };
  });
}

/** "Add staff" confirmed: the file read again and its people invited. */
export const confirmRoster = (
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; text: string; createGroups: boolean },
) => invitePeople(db, deps, { school: input.school, inviter: input.inviter, lines: parseRoster(input.text), createGroups: input.createGroups });

/** The invite-by-e-mail form: addresses only, each on its own line of a list. */
export const mailInvites = (
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; emails: string[] },
) =>
  invitePeople(db, deps, {
    school: input.school,
    inviter: input.inviter,
    lines: input.emails.map((email, index) => ({ line: index + 1, email: email.trim().toLowerCase(), firstName: null, lastName: null, groups: [] })),
  });
