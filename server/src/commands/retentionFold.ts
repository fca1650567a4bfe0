import { dialectOf, type Db } from '../db/knex.ts';
import { WORD_BITS } from '../db/playedBuckets.ts';

export const RETENTION_FOLD_JOB = 'retention-fold';

/** Pending rows per transaction. */
const BATCH = 5_000;
/** Rows per multi-row upsert or delete. */
const CHUNK = 500;

/**
 * Adds what the triggers of progress_buckets noted (retention_pending, migration 043) to the
 * retention counters, module_buckets and module_viewers, until nothing is pending; answers the
 * rows folded. Issue 54: the counters were kept by those triggers as each report was written,
 * an upsert of rows every learner of a module shares on the hottest write; folded here, a
 * module's counters are written once per batch, however many of its learners reported.
 *
 * Each batch is read, added and deleted in one transaction, its rows locked first (MySQL), so a
 * row is counted exactly once, even with two instances folding at once, and a crash before the
 * commit leaves the batch pending for the next fold. Rows of a module deleted meanwhile are
 * dropped with nothing to add to.
 */
export async function foldRetention(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await db.transaction(async (trx) => {
      const query = trx('retentionPending').orderBy('id').limit(BATCH).select('id', 'moduleId', 'word', 'bits', 'first');
      const rows = dialectOf(trx) === 'mysql' ? await query.forUpdate() : await query;
      if (!rows.length) return 0;
      const buckets = new Map<number, Map<number, number>>();
      const viewers = new Map<number, number>();
      for (const row of rows) {
        const moduleId = Number(row.moduleId);
        const bits = Number(row.bits);
        const counts = buckets.get(moduleId) ?? new Map<number, number>();
        buckets.set(moduleId, counts);
        for (let bit = 0; bit < WORD_BITS; bit += 1) {
          if (Math.floor(bits / 2 ** bit) % 2 === 1) {
            const bucket = Number(row.word) * WORD_BITS + bit;
            counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
          }
        }
        if (Number(row.first) === 1 || row.first === true) viewers.set(moduleId, (viewers.get(moduleId) ?? 0) + 1);
      }
      const present = new Set<number>();
      const moduleIds = [...buckets.keys()];
      for (let start = 0; start < moduleIds.length; start += CHUNK) {
        const found: Array<{ id: number }> = await trx('modules')
          .whereIn('id', moduleIds.slice(start, start + CHUNK))
          .select('id');
        for (const module of found) present.add(Number(module.id));
      }
      // In (module, bucket) order: the order every fold locks the counters in.
      const bucketRows: number[][] = [];
      for (const moduleId of moduleIds.sort((a, b) => a - b)) {
        if (!present.has(moduleId)) continue;
        for (const [bucket, n] of [...buckets.get(moduleId)!].sort(([a], [b]) => a - b)) bucketRows.push([moduleId, bucket, n]);
      }
      const viewerRows = [...viewers].filter(([moduleId]) => present.has(moduleId)).sort(([a], [b]) => a - b);
      const mysql = dialectOf(trx) === 'mysql';
      const add = async (table: 'module_buckets' | 'module_viewers', columns: string[], key: string[], values: number[][]) => {
        for (let start = 0; start < values.length; start += CHUNK) {
          const chunk = values.slice(start, start + CHUNK);
          const tuples = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
          const merge = mysql
            ? `on duplicate key update viewers = ${table}.viewers + values(viewers)`
            : `on conflict (${key.join(', ')}) do update set viewers = ${table}.viewers + excluded.viewers`;
          await trx.raw(`insert into ${table} (${columns.join(', ')}) values ${tuples} ${merge}`, chunk.flat());
        }
      };
      await add('module_buckets', ['module_id', 'bucket', 'viewers'], ['module_id', 'bucket'], bucketRows);
      await add('module_viewers', ['module_id', 'viewers'], ['module_id'], viewerRows);
      const ids = rows.map((row) => Number(row.id));
      for (let start = 0; start < ids.length; start += CHUNK)
        await trx('retentionPending')
          .whereIn('id', ids.slice(start, start + CHUNK))
          .delete();
      return rows.length;
    });
    total += folded;
    if (folded < BATCH) return total;
  }
}
