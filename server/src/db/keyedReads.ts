import type DataLoader from 'dataloader';
import { batchLoader } from './batchLoader.ts';
import type { Bindings } from './statements.ts';

/** A read of the rows that belong to one key: `sql` answers them for the keys in its `in (…)` placeholders. */
export interface KeyedRead<T> {
  sql(placeholders: string): string;
  keyOf(row: T): string | number;
  /** How many times `sql` writes its placeholders (each gets the keys, in order); 1 when left out. */
  uses?: number;
}

/** At most this many keys in one statement; a larger batch is read in several. */
const MAX_KEYS_PER_STATEMENT = 256;

/**
 * One KeyedRead, batched (batchLoader): the keys asked for while the previous read runs, or in
 * the same turn of the event loop, are read by one statement, `… in (k1, k2, …)`, and each caller
 * is answered its key's rows. A statement's fixed cost (on MariaDB most of what a small read
 * costs it) is then paid once per batch rather than once per request. The key list is padded
 * (with its first key) to a power of two, so there are a handful of statements to prepare rather
 * than one per batch size.
 */
export function keyedLoader<T>(read: KeyedRead<T>, run: (sql: string, bindings: Bindings) => Promise<T[]>): DataLoader<string | number, T[]> {
  const sqlBySize = new Map<number, string>();
  const sqlFor = (count: number) => {
    let sql = sqlBySize.get(count);
    if (!sql) {
      sql = read.sql(new Array(count).fill('?').join(', '));
      sqlBySize.set(count, sql);
    }
    return sql;
  };

  return batchLoader(async (keys: ReadonlyArray<string | number>) => {
    const distinct = [...new Map(keys.map((key) => [String(key), key])).values()];
    const byKey = new Map<string, T[]>();
    for (let start = 0; start < distinct.length; start += MAX_KEYS_PER_STATEMENT) {
      const chunk = distinct.slice(start, start + MAX_KEYS_PER_STATEMENT);
      let size = 1;
      while (size < chunk.length) size *= 2;
      const keyList = chunk.concat(new Array<string | number>(size - chunk.length).fill(chunk[0]!));
      const bindings = read.uses && read.uses > 1 ? new Array<Array<string | number>>(read.uses).fill(keyList).flat() : keyList;
      for (const row of await run(sqlFor(size), bindings)) {
        const key = String(read.keyOf(row));
        const list = byKey.get(key);
        if (list) list.push(row);
        else byKey.set(key, [row]);
      }
    }
    return keys.map((key) => byKey.get(String(key)) ?? []);
  });
}
