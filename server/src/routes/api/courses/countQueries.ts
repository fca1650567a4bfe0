import type { Db } from '../../../db/knex.ts';

/**
 * Counts the SQL statements knex sends while `run` is in flight. Tests use it to prove that a
 * page costs a fixed number of queries, not one per course or module.
 */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const onQuery = () => {
    count += 1;
  };
  db.on('query', onQuery);
  try {
    await run();
  } finally {
    db.removeListener('query', onQuery);
  }
  return count;
}
