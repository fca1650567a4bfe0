import { parse } from 'csv-parse/sync';
import { ROSTER_MAX_ROWS, type RosterCountsDto, type RosterRowDto, type RosterRowStatus } from '@atrium/common';
import { z } from 'zod';
import type { Db } from '../../db/knex.ts';
import { badRequest } from '../../errors.ts';
import { insertInvitations, reserveInvitationMail, type InvitationSender } from './invites.ts';
import { inTransaction } from './shared.ts';

const CHUNK = 500;
const NAME_MAX = 100;
const emailSchema = z.email();

export interface RosterLine {
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

const HEADER_NAMES: Record<string, 'email' | 'firstName' | 'lastName'> = {
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
};

/** A file is text: a NUL or another control character (but tab, CR, LF) means it is not a CSV (an .xlsx, a PDF, an image). */
function looksBinary(text: string): boolean {
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
  let columns = { email: 0, firstName: 1, lastName: 2 };
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
    columns = { email: found.email!, firstName: found.firstName ?? -1, lastName: found.lastName ?? -1 };
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
  }));
}

async function inChunks<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(...(await read(values.slice(start, start + CHUNK))));
  return out;
}

/**
 * What would happen to each row, read from the database as it is now. It tells the manager only
 * what they may know: the row is invalid, a duplicate, already a member of this school, already
 * invited by it, or will be invited. Whether an address has an account, or belongs to another
 * school, is nobody's business here: those people get an invitation like everyone else, and
 * nobody joins without accepting it.
 */
export async function classifyRoster(db: Db, schoolId: number, lines: RosterLine[], now: number): Promise<RosterRowDto[]> {
  const valid = [...new Set(lines.map((row) => row.email).filter((email) => emailSchema.safeParse(email).success))];
  const members = await inChunks<{ email: string }>(valid, (chunk) =>
    db('users')
      .join('schoolMembers', 'schoolMembers.userId', 'users.id')
      .where('schoolMembers.schoolId', schoolId)
      .whereIn('users.email', chunk)
      .select('users.email'),
  );
  const invited = await inChunks<{ email: string | null }>(valid, (chunk) =>
    db('schoolInvites')
      .where({ schoolId })
      .whereIn('email', chunk)
      .whereNull('revokedAt')
      .where('expiresAt', '>', now)
      .where('uses', '<', db.ref('maxUses'))
      .select('email'),
  );
  const memberEmails = new Set(members.map((row) => String(row.email).toLowerCase()));
  const invitedEmails = new Set(invited.map((row) => String(row.email)));
  const firstLine = new Map<string, number>();
  return lines.map((row) => {
    const base = { line: row.line, email: row.email, firstName: row.firstName, lastName: row.lastName };
    const problem = (status: RosterRowStatus, text: string): RosterRowDto => ({ ...base, status, problem: text });
    if (!row.email) return problem('invalid', 'No e-mail address');
    if (!emailSchema.safeParse(row.email).success) return problem('invalid', 'Not a valid e-mail address');
    if ((row.firstName?.length ?? 0) > NAME_MAX || (row.lastName?.length ?? 0) > NAME_MAX)
      return problem('invalid', `Names are limited to ${NAME_MAX} characters`);
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

/** The preview: what confirming would do, with nothing written. */
export async function previewRoster(db: Db, schoolId: number, text: string, now: number): Promise<{ rows: RosterRowDto[]; counts: RosterCountsDto }> {
  const rows = await classifyRoster(db, schoolId, parseRoster(text), now);
  return { rows, counts: countRoster(rows) };
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
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; lines: RosterLine[] },
): Promise<{ invited: number; unchanged: number; skipped: number }> {
  const schoolId = input.school.id;
  return inTransaction(db, async (trx) => {
    // One roster upload for a school at a time: the school row is the lock.
    await trx('schools').where({ id: schoolId }).forUpdate().first();
    const rows = await classifyRoster(trx, schoolId, input.lines, deps.now);
    const invitees = rows.filter((row) => row.status === 'invite');
    await reserveInvitationMail(trx, deps, schoolId, input.inviter, invitees.length);
    await insertInvitations(trx, deps, { school: input.school, inviter: input.inviter, invitees });
    const counts = countRoster(rows);
    return { invited: invitees.length, unchanged: counts.member + counts.invited, skipped: counts.invalid + counts.duplicate };
  });
}

/** "Add staff" confirmed: the file read again and its people invited. */
export const confirmRoster = (
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; text: string },
) => invitePeople(db, deps, { school: input.school, inviter: input.inviter, lines: parseRoster(input.text) });

/** The invite-by-e-mail form: addresses only, each on its own line of a list. */
export const mailInvites = (
  db: Db,
  deps: InvitationSender,
  input: { school: { id: number; name: string }; inviter: Parameters<typeof insertInvitations>[2]['inviter']; emails: string[] },
) =>
  invitePeople(db, deps, {
    school: input.school,
    inviter: input.inviter,
    lines: input.emails.map((email, index) => ({ line: index + 1, email: email.trim().toLowerCase(), firstName: null, lastName: null })),
  });
