import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';

/**
 * Runs `effect` once what `db` wrote is committed: at once when `db` is no transaction, after the
 * outermost transaction's COMMIT when it is one (a savepoint's release commits nothing), and never
 * when that transaction rolls back. For side effects that must not see, or announce, a write that
 * may yet be undone: delivering the mail a transaction queued.
 */
export function afterCommit(db: Db, effect: () => void): void {
  if (!db.isTransaction) {
    effect();
    return;
  }
  let trx = db as Knex.Transaction;
  while (trx.parentTransaction) trx = trx.parentTransaction;
  trx.executionPromise.then(effect, () => {});
}
