import type { Db } from '../db/knex.ts';

/** The cheapest statement that proves the database answers (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.raw('select 1');
}
