import type { Knex } from 'knex';
import type { Db, Dialect } from '../db/knex.ts';
import type { EnrollmentRow } from '../presenters/admin.ts';

export interface SqlFragment {
  sql: string;
  bindings: string[];
}

/** LIKE metacharacters in what the admin typed match themselves ('!' is the escape: portable). */
const likePrefix = (value: string) => `${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
const LIKE = "?? like ? escape '!'";

/**
 * How many letters of the search SQLite's index ranges are spelled out from: each letter doubles
 * the ranges (upper or lower case), each further letter narrows them. Digits and punctuation
 * cost nothing, so "user1999" is ranged on all of itself.
 */
const RANGE_LETTERS = 5;

/** The longest start of the text with at most RANGE_LETTERS cased letters (whole code points). */
function rangeStem(text: string): string {
  let letters = 0;
  let stem = '';
  for (const char of text) {
    const cased = char.toLowerCase() !== char.toUpperCase();
    if (cased && letters === RANGE_LETTERS) break;
    if (cased) letters += 1;
    stem += char;
  }
  return stem;
}

/** Every upper/lower-case spelling of a short string: "ni" → ni, nI, Ni, NI. */
function caseVariants(text: string): string[] {
  let variants = [''];
  for (const char of text) {
    const spellings = [...new Set([char.toLowerCase(), char.toUpperCase()])];
    variants = variants.flatMap((head) => spellings.map((spelling) => head + spelling));
  }
  return variants;
}

/** The first string after every string that starts with the prefix, for a half-open range. */
const rangeEnd = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * "column starts with prefix, ignoring case" as OR-able terms SQLite can answer from the
 * column's ordinary (BINARY) index: one range per case spelling of the first letters, each
 * narrowed to the whole prefix by LIKE. (SQLite's own LIKE optimisation would need NOCASE
 * indexes, so a bare LIKE scans the whole table.) The ranged part is matched exactly as spelt,
 * so accented letters there ignore case too, which SQLite's ASCII-only LIKE would not.
 */
function sqlitePrefixTerms(column: string, prefix: string, extra?: SqlFragment): SqlFragment[] {
  const stem = rangeStem(prefix);
  const rest = prefix.slice(stem.length);
  return caseVariants(stem).map((start) => ({
    sql: `(?? >= ? and ?? < ? and ${LIKE}${extra ? ` and ${extra.sql}` : ''})`,
    bindings: [column, start, column, rangeEnd(start), column, likePrefix(start + rest), ...(extra?.bindings ?? [])],
  }));
}

/**
 * Prefix search on e-mail, first name, last name or "first last", as one WHERE fragment for
 * knex and objection alike; null for an empty search. Prefixes (never a leading %) keep it on
 * the email, firstName and lastName indexes: MySQL range-scans them for LIKE 'prefix%' and
 * compares case-insensitively through the _ci collation; SQLite gets explicit ranges.
 */
export function studentSearch(q: string, dialect: Dialect): SqlFragment | null {
  const term = q.trim();
  if (!term) return null;
  const words = term.split(/\s+/);
  const fullName = words.length > 1 ? { first: words[0]!, last: words.slice(1).join(' ') } : null;
  const terms: SqlFragment[] = [];
  if (dialect === 'sqlite') {
    for (const column of ['users.email', 'users.firstName', 'users.lastName']) terms.push(...sqlitePrefixTerms(column, term));
    if (fullName) {
      const lastName = { sql: LIKE, bindings: ['users.lastName', likePrefix(fullName.last)] };
      terms.push(...sqlitePrefixTerms('users.firstName', fullName.first, lastName));
    }
  } else {
    for (const column of ['users.email', 'users.firstName', 'users.lastName']) terms.push({ sql: LIKE, bindings: [column, likePrefix(term)] });
    if (fullName) {
      terms.push({
        sql: `(${LIKE} and ${LIKE})`,
        bindings: ['users.firstName', likePrefix(fullName.first), 'users.lastName', likePrefix(fullName.last)],
      });
    }
  }
  return { sql: `(${terms.map((t) => t.sql).join(' or ')})`, bindings: terms.flatMap((t) => t.bindings) };
}

/**
 * Enrollments with the course title and progress figures, one query whatever the number of
 * rows (correlated counts on indexed columns, no per-row round trips). Completed modules are
 * counted against the course's current modules, like the learner's own dashboard.
 */
export function enrollmentsWithProgress(db: Db, options: { withEmail?: boolean } = {}): Knex.QueryBuilder<EnrollmentRow, EnrollmentRow[]> {
  const totalModules = db('modules as m').count('*').where('m.courseId', db.ref('e.courseId')).as('totalModules');
  const completedModules = db('progress as p')
    .join('modules as pm', 'pm.id', 'p.moduleId')
    .count('*')
    .where('p.userId', db.ref('e.userId'))
    .where('pm.courseId', db.ref('e.courseId'))
    .where('p.isCompleted', true)
    .as('completedModules');
  const query = db('enrollments as e')
    .join('courses as c', 'c.id', 'e.courseId')
    .select('e.id', 'e.userId', 'e.courseId', 'e.enrolledAt', 'c.title as courseTitle', totalModules, completedModules);
  if (options.withEmail) query.join('users as u', 'u.id', 'e.userId').select('u.email as userEmail');
  return query as unknown as Knex.QueryBuilder<EnrollmentRow, EnrollmentRow[]>;
}
