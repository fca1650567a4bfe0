import type { Knex } from 'knex';
import type { Tables } from 'knex/types/tables';

type TableWithId = { [K in keyof Tables]: Tables[K] extends { id: number } ? K : never }[keyof Tables];

/**
 * Inserts one row into a table keyed by an auto-increment `id` and answers the row as stored
 * (defaults included): both databases answer the new id, neither the row, so it is read back.
 */
export async function insertAndFetch<K extends TableWithId>(db: Knex, table: K, row: Partial<Tables[K]>): Promise<Tables[K]> {
  const builder = () => db(table) as unknown as Knex.QueryBuilder;
  const [id] = (await builder().insert(row)) as number[];
  return (await builder().where({ id }).first()) as Tables[K];
}
