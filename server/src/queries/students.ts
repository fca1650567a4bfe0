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
