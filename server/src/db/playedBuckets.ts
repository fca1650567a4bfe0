import type { Dialect } from './knex.ts';

/** A retention bucket is 10 seconds of a video: bucket b covers seconds [10 b, 10 b + 10). */
export const BUCKET_SECONDS = 10;
/** Buckets per stored word (bits of an unsigned 32-bit value, exact in a JavaScript number). */
export const WORD_BITS = 32;

/** One word of a learner's bucket mask: bit i set means bucket word * 32 + i was played. */
export interface BucketWord {
  word: number;
  bits: number;
}

/** How many buckets a module of `duration` seconds has (0 when the duration is unknown). */
export function bucketCount(duration: number): number {
  return duration > 0 ? Math.ceil(duration / BUCKET_SECONDS) : 0;
}

/**
 * The words to OR into the learner's mask for the buckets a report names. Buckets past the
 * module's end are dropped (a client's clock or an edited video), and so is everything when the
 * module has no known duration: the curve is drawn over the module's buckets only.
 */
export function bucketWords(buckets: readonly number[], duration: number): BucketWord[] {
  const count = bucketCount(duration);
  const words = new Map<number, number>();
  for (const bucket of buckets) {
    if (!Number.isInteger(bucket) || bucket < 0 || bucket >= count) continue;
    const word = Math.floor(bucket / WORD_BITS);
    words.set(word, ((words.get(word) ?? 0) | (1 << (bucket % WORD_BITS))) >>> 0);
  }
  return [...words].sort(([a], [b]) => a - b).map(([word, bits]) => ({ word, bits }));
}

/**
 * ORs words into a learner's mask, only if their progress row exists (so on SQLite it can run in
 * the same group commit as the progress upsert, right after it, and stores nothing when that
 * upsert refused the report). Triggers on progress_buckets add the newly set bits to the
 * module's counters (migration 025).
 */
export function mergeBucketsSql(dialect: Dialect, words: number): string {
  const cast = dialect === 'mysql' ? 'signed' : 'integer';
  const first = `select cast(? as ${cast}) as word, cast(? as ${cast}) as bits`;
  const rows = first + ` union all select cast(? as ${cast}), cast(? as ${cast})`.repeat(words - 1);
  const insert = `insert into progress_buckets (user_id, module_id, word, bits)
  select p.user_id, p.module_id, r.word, r.bits from progress p join (${rows}) r on 1 = 1
  where p.user_id = ? and p.module_id = ?`;
  return dialect === 'mysql'
    ? `${insert} on duplicate key update progress_buckets.bits = progress_buckets.bits | values(bits)`
    : // RETURNING: the group commit reads every statement's rows.
      `${insert} on conflict (user_id, module_id, word) do update set bits = bits | excluded.bits returning word`;
}

export function mergeBucketsBindings(userId: number, moduleId: number, words: readonly BucketWord[]): number[] {
  const bindings: number[] = [];
  for (const { word, bits } of words) bindings.push(word, bits);
  bindings.push(userId, moduleId);
  return bindings;
}
