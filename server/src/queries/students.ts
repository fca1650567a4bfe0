import { countRows, dialectOf, type Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { studentSearch } from './admin.ts';

/** knex's and objection's query builders alike: both filter in place and return themselves. */
interface Filterable {
  whereNot(column: string, value: string): unknown;
}

/**
 * Who counts as a student on /admin and in its API: every account that is not an admin. The
 * overview's "Total Students", the students list and its count, a student's page and the
 * export all ask this one question, so their figures cannot disagree (issue 24: "Total Students 1"
 * beside "2 accounts" when the list also counted the admin).
 */
export function whereStudent<Q extends Filterable>(query: Q, usersTable = 'users'): Q {
  query.whereNot(`${usersTable}.role`, 'admin');
  return query;
}

const STUDENT_COLUMNS = ['id', 'email', 'firstName', 'lastName', 'company', 'profileImageUrl', 'role', 'createdAt'].map((c) => `users.${c}`);

/**
 * A student as the admin list shows them: the account (only STUDENT_COLUMNS are read) and how
 * many courses it is enrolled in.
 */
export type StudentListRow = User & { enrollmentCount: number | string };

/** The students whose e-mail or name starts with `q` (everyone for ''), newest first, a page at a time. */
export async function studentsPage(db: Db, filter: { q: string; limit: number; offset: number }): Promise<{ rows: StudentListRow[]; total: number }> {
  const dialect = dialectOf(db);
  const search = studentSearch(filter.q, dialect);
  const page = whereStudent(db('users'))
    .select(STUDENT_COLUMNS)
    // Counted per listed row through the (userId, courseId) index, never over every enrollment.
    .select(db('enrollments').count('*').where('enrollments.userId', db.ref('users.id')).as('enrollmentCount'))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = whereStudent(db('users'));
  if (search) {
    page.whereRaw(search.sql, search.bindings);
    total.whereRaw(search.sql, search.bindings);
  }
  if (search && dialect === 'sqlite') {
    // Left to itself SQLite walks the createdAt index and tests every row against a rare
    // name; the unary + makes it gather the matches from the search's index ranges and sort them.
    page.orderByRaw('+?? desc, +?? desc', ['users.createdAt', 'users.id']);
  } else {
    // createdAt is indexed and id breaks ties, so newest-first paging never skips or repeats.
    page.orderBy('users.createdAt', 'desc').orderBy('users.id', 'desc');
  }
  const [rows, count] = await Promise.all([page as Promise<StudentListRow[]>, countRows(total)]);
  return { rows, total: count };
}
