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

/** One report's words for a batched merge. */
export interface BucketMerge {
  userId: number;
  moduleId: number;
  words: readonly BucketWord[];
}

const MERGE_COLUMNS = ['user_id', 'module_id', 'word', 'bits'];
/** Word rows per batched statement: padded to a power of two up to this, so few statements are prepared. */
export const MAX_MERGED_WORDS = 256;

/**
 * MariaDB/MySQL: the words of every report in `merges` ORed in by one statement (issue 54). A
 * one-row merge per report cost a statement and a commit of its own, about as much as the
 * progress upsert itself; reports that arrive while the previous batch runs now share one.
 * Rows are in (module, user, word) order, so the counters the triggers of progress_buckets add
 * to (module_buckets, module_viewers) are locked in module order by every batch, and two
 * instances' batches cannot deadlock on them in opposite orders. Like the one-row form, a word
 * is stored only where its progress row exists. Answers the statement and its bindings, padded
 * with rows the join drops.
 */
export function mergeBucketBatch(
  merges: readonly BucketMerge[],
  options: { /** The progress rows are known to exist (stored and locked by the same transaction): no join to check. */ stored?: boolean } = {},
): Array<{ sql: string; bindings: Array<number | null> }> {
  const rows: Array<[number, number, number, number]> = [];
  for (const merge of merges) for (const { word, bits } of merge.words) rows.push([merge.userId, merge.moduleId, word, bits]);
  rows.sort((a, b) => a[1] - b[1] || a[0] - b[0] || a[2] - b[2]);
  const statements: Array<{ sql: string; bindings: Array<number | null> }> = [];
  for (let start = 0; start < rows.length; start += MAX_MERGED_WORDS) {
    const chunk = rows.slice(start, start + MAX_MERGED_WORDS);
    let size = 1;
    while (size < chunk.length) size *= 2;
    const bindings: Array<number | null> = chunk.flat();
    for (let padding = chunk.length; padding < size; padding += 1) bindings.push(null, null, null, null);
    statements.push({ sql: mergeBatchSql(size, options.stored === true), bindings });
  }
  return statements;
}

const batchSql = new Map<string, string>();
function mergeBatchSql(count: number, stored: boolean): string {
  const key = `${count}:${stored}`;
  let sql = batchSql.get(key);
  if (sql) return sql;
  const first = `select ${MERGE_COLUMNS.map((column) => `cast(? as signed) as ${column}`).join(', ')}`;
  const next = ` union all select ${MERGE_COLUMNS.map(() => 'cast(? as signed)').join(', ')}`;
  sql = `insert into progress_buckets (user_id, module_id, word, bits)
  select r.user_id, r.module_id, r.word, r.bits from (${first}${next.repeat(count - 1)}) r
  ${stored ? 'where r.user_id is not null' : 'join progress p on p.user_id = r.user_id and p.module_id = r.module_id'}
  order by r.module_id, r.user_id, r.word
  on duplicate key update progress_buckets.bits = progress_buckets.bits | values(bits)`;
  batchSql.set(key, sql);
  return sql;
}
