import { dialectOf, type Db } from '../db/knex.ts';

export interface SchemaColumn {
  name: string;
  /** The declared type, lower-cased (varchar(254), text, bigint, blob…). */
  type: string;
  /** The table a foreign key on this column points to, or null. */
  references: string | null;
}

export type Schema = Map<string, SchemaColumn[]>;

/** knex's own bookkeeping and SQLite's: no one's data. */
const SYSTEM_TABLE = /^(knex_migrations|knex_migrations_lock|sqlite_.*)$/;

/** Every table of the migrated database with its columns, as the database itself reports them (snake_case). */
export async function readSchema(db: Db): Promise<Schema> {
  const schema: Schema = new Map();
  if (dialectOf(db) === 'mysql') {
    // Aliased in lower case: the camelCase mapper would mangle information_schema's upper-case names.
    const [columns] = (await db.raw(
      `select c.table_name as tbl, c.column_name as col, c.column_type as typ, k.referenced_table_name as ref
         from information_schema.columns c
         left join information_schema.key_column_usage k
           on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
          and k.referenced_table_name is not null
        where c.table_schema = database()
        order by c.table_name, c.ordinal_position`,
    )) as [Array<{ tbl: string; col: string; typ: string; ref: string | null }>];
    for (const row of columns) {
      if (SYSTEM_TABLE.test(row.tbl)) continue;
      const list = schema.get(row.tbl) ?? [];
      // A column under two foreign keys would come twice; one is enough to flag it.
      if (!list.some((column) => column.name === row.col)) list.push({ name: row.col, type: String(row.typ).toLowerCase(), references: row.ref });
      schema.set(row.tbl, list);
    }
    return schema;
  }
  const tables = (await db.raw("select name from sqlite_master where type = 'table' order by name")) as Array<{ name: string }>;
  for (const { name } of tables) {
    if (SYSTEM_TABLE.test(name)) continue;
    const columns = (await db.raw(`pragma table_info(${JSON.stringify(name)})`)) as Array<{ name: string; type: string }>;
    const keys = (await db.raw(`pragma foreign_key_list(${JSON.stringify(name)})`)) as Array<{ from: string; table: string }>;
    schema.set(
      name,
      columns.map((column) => ({
        name: column.name,
        type: column.type.toLowerCase(),
        references: keys.find((key) => key.from === column.name)?.table ?? null,
      })),
    );
  }
  return schema;
}

/** Column names that hold, or are derived from, who a person is. */
const PERSONAL_NAMES: Array<[RegExp, string]> = [
  [/(^|_)user_id$/, 'named like user_id'],
  [/_by$/, 'named like created_by (who did it)'],
  [/email|address$/, 'named like email or to_address'],
  [/subject|identity/, 'named like subject_id or identity_hash'],
  [/(^|_)(first|last|student)_name$|phone/, 'named like first_name or phone'],
];

export interface FlaggedColumn {
  table: string;
  column: string;
  why: string;
}

/**
 * Every column that can point at a person: a foreign key to users, a name from PERSONAL_NAMES,
 * or a foreign key into a table that itself has a foreign key to users (a certificate's
 * credential is the learner's, though it names only the certificate).
 */
export function personalColumns(schema: Schema): FlaggedColumn[] {
  const ownedByUser = new Set([...schema].filter(([, columns]) => columns.some((column) => column.references === 'users')).map(([table]) => table));
  const flagged: FlaggedColumn[] = [];
  for (const [table, columns] of schema) {
    for (const column of columns) {
      const why =
        column.references === 'users'
          ? 'a foreign key to users'
          : column.references && ownedByUser.has(column.references) && column.references !== table
            ? `a foreign key to ${column.references}, whose rows belong to a user`
            : PERSONAL_NAMES.find(([pattern]) => pattern.test(column.name))?.[1];
      if (why) flagged.push({ table, column: column.name, why });
    }
  }
  return flagged;
}

/** The text columns of a table: where an address or a name could be written. */
export const textColumns = (columns: SchemaColumn[]) => columns.filter((column) => /char|text|clob|json/.test(column.type)).map((column) => column.name);

/** `schoolInvites` → `school_invites`: the code's names as the database spells them. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
