import type { Knex } from 'knex';
import type { Db } from '../../db/knex.ts';
import type { CatalogueCache } from '../../services/catalogue.ts';
import type { Clock } from '../../services/clock.ts';

/** What a catalogue command needs: the database, and the app's cache to drop once it has written. */
export interface CatalogueDeps {
  db: Db;
  catalogue: CatalogueCache;
}

/** A catalogue command also dates what it writes, by the app's clock. */
export type CatalogueCommandDeps = CatalogueDeps & { clock: Clock };

/**
 * Runs a course or module write in one transaction and drops the cached catalogue once it has
 * ended, so the next read loads what was committed. Every write to `courses` and `modules` goes
 * through here.
 */
export async function writeCatalogue<T>(deps: CatalogueDeps, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(write);
  } finally {
    deps.catalogue.invalidate();
  }
}
