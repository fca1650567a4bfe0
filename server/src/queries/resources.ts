import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import type { Resource } from '../db/tables.ts';

type Reader = Db | Knex.Transaction;

/** A resource with what its stored file is: the row the presenter reads. */
export interface ResourceRow extends Resource {
  contentType: string;
  size: number;
  storageKey: string;
}

const withFile = (db: Reader) =>
  db('resources as r').join('storedFiles as f', 'f.id', 'r.fileId').select('r.*', 'f.contentType', 'f.size', 'f.storageKey') as unknown as Knex.QueryBuilder<
    Resource,
    ResourceRow[]
  >;

/** Every resource of a course (its own and its modules'), the course's first, each list in its order. */
export async function courseResources(db: Reader, courseId: number): Promise<ResourceRow[]> {
  const rows = await withFile(db)
    .where('r.courseId', courseId)
    .orderByRaw('r.module_id is not null')
    .orderBy([{ column: 'r.moduleId' }, { column: 'r.position' }, { column: 'r.id' }]);
  return rows.map(numbers);
}

/** A module's resources in their order. */
export async function moduleResources(db: Reader, moduleId: number): Promise<ResourceRow[]> {
  const rows = await withFile(db)
    .where('r.moduleId', moduleId)
    .orderBy([{ column: 'r.position' }, { column: 'r.id' }]);
  return rows.map(numbers);
}

export async function resourceById(db: Reader, id: number): Promise<ResourceRow | undefined> {
  const row = await withFile(db).where('r.id', id).first();
  return row ? numbers(row) : undefined;
}

// MySQL answers BIGINT columns as strings.
function numbers(row: ResourceRow): ResourceRow {
  return { ...row, size: Number(row.size), position: Number(row.position), createdAt: Number(row.createdAt), updatedAt: Number(row.updatedAt) };
}
