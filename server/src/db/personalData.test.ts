import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { personalColumns, readSchema, snake, type Schema } from '../test/schema.ts';
import { NOT_PERSONAL_DATA, PERSONAL_DATA, type PersonalDataTable } from './personalData.ts';

const DECLARATION = 'server/src/db/personalData.ts';
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

let database: TestDatabase;
let schema: Schema;
beforeAll(async () => {
  database = await createTestDatabase();
  schema = await readSchema(database.db);
});
afterAll(() => database.destroy());

/** Declared table → its declared columns (owner, other, or excluded), in the database's spelling. */
function declaredColumns(): Map<string, { name: string; where: string; columns: Set<string> }> {
  const declared = new Map<string, { name: string; where: string; columns: Set<string> }>();
  for (const [name, table] of Object.entries(PERSONAL_DATA) as Array<[string, PersonalDataTable]>) {
    const columns = [...Object.keys(table.owner), ...Object.keys(table.otherColumns ?? {})];
    declared.set(snake(name), { name, where: `PERSONAL_DATA.${name}`, columns: new Set(columns.map(snake)) });
  }
  for (const [name, columns] of Object.entries(NOT_PERSONAL_DATA)) {
    declared.set(snake(name), { name, where: `NOT_PERSONAL_DATA.${name}`, columns: new Set(Object.keys(columns).map(snake)) });
  }
  return declared;
}

describe('personal data: every table and column of the migrated schema is accounted for', () => {
  it('finds the tables it must (the detector itself works)', () => {
    const tables = new Set(personalColumns(schema).map((column) => column.table));
    for (const table of ['users', 'user_identities', 'school_members', 'certificate_credentials', 'reminders_sent', 'unsubscribes', 'outbox']) {
      expect(tables, `${table} should be flagged as personal`).toContain(table);
    }
    expect(tables).not.toContain('courses');
    // Foreign keys are read on this dialect too, not only names.
    const flagged = personalColumns(schema);
    expect(flagged).toContainEqual({ table: 'orders', column: 'user_id', why: 'a foreign key to users' });
    expect(flagged).toContainEqual({
      table: 'certificate_renewals',
      column: 'previous_certificate_id',
      why: 'a foreign key to certificates, whose rows belong to a user',
    });
  });

  it('declares every column that can point at a person, in the export and deletion or with a reason', () => {
    const declared = declaredColumns();
    const undeclaredTables = new Map<string, string[]>();
    const problems: string[] = [];
    for (const { table, column, why } of personalColumns(schema)) {
      const entry = declared.get(table);
      if (!entry) undeclaredTables.set(table, [...(undeclaredTables.get(table) ?? []), `"${column}" (${why})`]);
      else if (!entry.columns.has(column)) {
        problems.push(
          `Column "${table}.${column}" (${why}) is not declared: add "${camel(column)}" to ${entry.where}.owner or .otherColumns ` +
            `(or to the table's NOT_PERSONAL_DATA entry) with a reason, in ${DECLARATION}.`,
        );
      }
    }
    for (const [table, columns] of undeclaredTables) {
      problems.push(
        `Table "${table}" holds personal data (${columns.join(', ')}) but ${DECLARATION} does not declare it: ` +
          `add "${camel(table)}" to PERSONAL_DATA with its owner columns, export section and what deletion does ` +
          `(then a read in server/src/queries/myData.ts and its presenter in server/src/presenters/myData.ts, an eraser in server/src/commands/deleteAccount.ts and a seeded row ` +
          `in server/src/test/personalData.ts), or to NOT_PERSONAL_DATA with a reason per column.`,
      );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('declares only tables and columns that exist', () => {
    const problems: string[] = [];
    for (const [table, entry] of declaredColumns()) {
      const columns = schema.get(table);
      if (!columns) {
        problems.push(`${DECLARATION} declares ${entry.where}, but the migrated schema has no table "${table}"`);
        continue;
      }
      for (const column of entry.columns) {
        if (!columns.some((existing) => existing.name === column))
          problems.push(`${DECLARATION} declares ${entry.where} column "${column}", which "${table}" does not have`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('never declares a table both personal and not', () => {
    const both = Object.keys(NOT_PERSONAL_DATA).filter((table) => table in PERSONAL_DATA);
    expect(both).toEqual([]);
  });
});
