import type { Database } from '../db/database.ts';
import type { Db } from '../db/knex.ts';
import type { CatalogueCache } from '../services/catalogue.ts';

interface Counted {
  db: Db;
  database: Database;
  catalogue: CatalogueCache;
}

/**
 * Counts the SQL statements sent while `run` is in flight: knex's and the Database object's own.
 * Tests use it to prove that a page costs a fixed number of queries, not one per course or module.
 */
export async function countQueries(target: Omit<Counted, 'catalogue'>, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const onQuery = () => {
    count += 1;
  };
  target.db.on('query', onQuery);
  const stop = target.database.onStatement(onQuery);
  try {
    await run();
  } finally {
    target.db.removeListener('query', onQuery);
    stop();
  }
  return count;
}

/**
 * The statements of `run` with the catalogue cache cold (dropped first, so it is loaded inside
 * `run`) and then warm (run again right after). Both must stay constant as the data grows: the
 * cache must not hide a query that grows on the cold path.
 */
export async function countColdAndWarm(target: Counted, run: () => Promise<unknown>): Promise<{ cold: number; warm: number }> {
  target.catalogue.invalidate();
  const cold = await countQueries(target, run);
  const warm = await countQueries(target, run);
  return { cold, warm };
}
