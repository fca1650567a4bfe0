import type { Db } from '../db/knex.ts';
import type { SpreadsheetValue } from '../services/spreadsheet.ts';
import { whereStudent } from './students.ts';

/** Rows per query and per sheet batch: small enough that a batch's rows and XML stay a few MB. */
const BATCH_SIZE = 1000;

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
