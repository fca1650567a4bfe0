import type { Bindings } from './statements.ts';
import { turnBatcher } from './turnBatches.ts';

/** A read of the rows that belong to one key: `sql` answers them for the keys in its `in (…)` placeholders. */
export interface KeyedRead<T> {
  sql(placeholders: string): string;
  keyOf(row: T): string | number;
}

/** At most this many keys in one statement; a larger batch is read in several. */
const MAX_KEYS_PER_STATEMENT = 256;

/**
 * One KeyedRead, batched: the keys asked for while the previous read runs, or in the same turn of
 * the event loop, are read by one statement, `… in (k1, k2, …)`. A statement's fixed cost (on
 * MariaDB most of what a small read costs it) is then paid once per batch rather than once per
 * request. The key list is padded (with its first key) to a power of two, so there are a handful
 * of statements to prepare rather than one per batch size.
 */
export class KeyedReader<T> {
  private readonly load: (key: string | number) => Promise<T[]>;
  private readonly sqlBySize = new Map<number, string>();

  constructor(
    private readonly read: KeyedRead<T>,
    private readonly run: (sql: string, bindings: Bindings) => Promise<T[]>,
  ) {
    this.load = turnBatcher((keys: Array<string | number>) => this.readKeys(keys));
  }

  /** The rows of `key`, read together with the other keys asked for meanwhile. */
  rowsOf(key: string | number): Promise<T[]> {
    return this.load(key);
  }

  /** The statement for `count` keys: for a read that must not be batched (inside a transaction). */
  sqlFor(count: number): string {
    let sql = this.sqlBySize.get(count);
    if (!sql) {
      sql = this.read.sql(new Array(count).fill('?').join(', '));
      this.sqlBySize.set(count, sql);
    }
    return sql;
  }

  private async readKeys(keys: Array<string | number>): Promise<T[][]> {
    const distinct = [...new Map(keys.map((key) => [String(key), key])).values()];
    const byKey = new Map<string, T[]>();
    for (let start = 0; start < distinct.length; start += MAX_KEYS_PER_STATEMENT) {
      const chunk = distinct.slice(start, start + MAX_KEYS_PER_STATEMENT);
      let size = 1;
      while (size < chunk.length) size *= 2;
      const bindings = chunk.concat(new Array<string | number>(size - chunk.length).fill(chunk[0]!));
      for (const row of await this.run(this.sqlFor(size), bindings)) {
        const key = String(this.read.keyOf(row));
        const list = byKey.get(key);
        if (list) list.push(row);
        else byKey.set(key, [row]);
      }
    }
    return keys.map((key) => byKey.get(String(key)) ?? []);
  }
}
