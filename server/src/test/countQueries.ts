import type { Db } from '../db/knex.ts';
import { invalidateCatalogue } from '../services/catalogue.ts';

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

/**
 * The statements of `run` with the catalogue cache cold (dropped first, so it is loaded inside
 * `run`) and then warm (run again right after). Both must stay constant as the data grows: the
 * cache must not hide a query that grows on the cold path.
 */
export async function countColdAndWarm(db: Db, run: () => Promise<unknown>): Promise<{ cold: number; warm: number }> {
  invalidateCatalogue(db);
  const cold = await countQueries(db, run);
  const warm = await countQueries(db, run);
  return { cold, warm };
}
