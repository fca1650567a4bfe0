import type { Db } from '../../../db/knex.ts';
import { whereStudent } from '../../../queries/students.ts';
import { streamSpreadsheet, type SpreadsheetColumn, type SpreadsheetValue } from '../../../services/spreadsheet.ts';
import type { Routes } from '../../define.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows per query and per sheet batch: small enough that a batch's rows and XML stay a few MB. */
const BATCH_SIZE = 1000;

export const EXPORT_COLUMNS: SpreadsheetColumn[] = [
  { header: 'ID', width: 8 },
  { header: 'Email', width: 34 },
  { header: 'First name', width: 18 },
  { header: 'Last name', width: 18 },
  { header: 'School/company', width: 28 },
  { header: 'Role', width: 10 },
  { header: 'Joined', width: 12, numFmt: 'yyyy-mm-dd' },
  { header: 'Enrolled courses', width: 16 },
  { header: 'Completed modules', width: 18 },
];

interface ExportUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  role: string;
  createdAt: number | string;
}

const countsByUser = (rows: Array<{ userId: number | string; n: number | string }>) => new Map(rows.map((row) => [Number(row.userId), Number(row.n)]));

/**
 * Every user in id order, a batch at a time. Keyset paging (id > last seen) costs the same on
 * the last page as on the first, unlike OFFSET, and rows added or removed during a long export
 * neither shift nor repeat others. Counts come per batch, over the batch's id range, through the
 * userId-leading indexes. Completed modules count, like the student page, only modules of
 * courses the user is enrolled in now.
 */
export async function* studentExportBatches(db: Db, batchSize = BATCH_SIZE): AsyncGenerator<SpreadsheetValue[][]> {
  let lastId = 0;
  for (;;) {
    const batch = await readBatch(db, lastId, batchSize);
    if (!batch) return;
    yield batch.rows;
    if (batch.rows.length < batchSize) return;
    lastId = batch.lastId;
  }
}

/** The users after `afterId` (at most `batchSize`) as spreadsheet rows; null past the last one. */
async function readBatch(db: Db, afterId: number, batchSize: number): Promise<{ rows: SpreadsheetValue[][]; lastId: number } | null> {
  const users: ExportUser[] = await whereStudent(db('users'))
    .select('id', 'email', 'firstName', 'lastName', 'company', 'role', 'createdAt')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(batchSize);
  if (users.length === 0) return null;
  const range: [number, number] = [Number(users[0]!.id), Number(users[users.length - 1]!.id)];
  const [enrolled, completed] = await Promise.all([
    db('enrollments').select('userId').count({ n: '*' }).whereBetween('userId', range).groupBy('userId'),
    // The modules completed in enrolled courses, from the figures kept per course
    // (db/courseProgress.ts): one row per enrollment rather than one per module.
    db('courseProgress as cp')
      .join('enrollments as e', (join) => join.on('e.userId', '=', 'cp.userId').andOn('e.courseId', '=', 'cp.courseId'))
      .whereBetween('cp.userId', range)
      .groupBy('cp.userId')
      .select('cp.userId')
      .sum({ n: 'cp.completedModules' }),
  ]);
  const enrolledBy = countsByUser(enrolled as Array<{ userId: number; n: number }>);
  const completedBy = countsByUser(completed as Array<{ userId: number; n: number }>);
  const rows = users.map((user) => {
    const id = Number(user.id);
    return [
      id,
      user.email,
      user.firstName,
      user.lastName,
      user.company,
      user.role,
      new Date(Number(user.createdAt)),
      enrolledBy.get(id) ?? 0,
      completedBy.get(id) ?? 0,
    ];
  });
  return { rows, lastId: range[1] };
}

/** Yields an already-read first step, then the rest of the same generator. */
async function* resume<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

export function adminExportRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/export-excel',
    access: 'admin',
    async handler(ctx) {
      const { db } = ctx.deps;
      const log = ctx.state.log;
      const batches = studentExportBatches(db);
      // Read the first batch before answering: a database failure then is still a JSON error,
      // not a download that breaks after the headers have gone out.
      const first = await batches.next();
      const date = new Date().toISOString().slice(0, 10);
      ctx.set('Content-Disposition', `attachment; filename="students-export-${date}.xlsx"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = XLSX_TYPE;
      ctx.body = streamSpreadsheet({ sheetName: 'Students', columns: EXPORT_COLUMNS, batches: resume(first, batches) }, (error) =>
        log.error({ err: error }, 'student export failed part-way'),
      );
      log.info({ by: ctx.state.user.id }, 'student export started');
    },
  });
}
