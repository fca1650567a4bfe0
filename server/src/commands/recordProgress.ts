import type { Knex } from 'knex';
import { dialectOf, type Db } from '../db/knex.ts';
import { isDeadlock, retryOnDeadlock } from '../db/deadlocks.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { asError, turnBatcher } from '../db/turnBatches.ts';
import { preparedRows } from '../db/hotStatements.ts';
import { affectedRows, selectRows, supportsInsertReturning } from '../db/raw.ts';
import type { Module } from '../models/Module.ts';
import type { Progress } from '../models/Progress.ts';
import { dbBoolean, type CourseCompletion } from '../presenters/courses.ts';
import { isCourseCompleted, issueCertificate } from './issueCertificate.ts';

/** SPEC §9: a module counts as watched at 90 percent of its duration. */
export const COMPLETION_THRESHOLD = 0.9;

export interface ProgressReport {
  userId: number;
  module: Pick<Module, 'id' | 'courseId' | 'duration'>;
  watchedDuration: number;
  /** The client's "Mark as Complete". */
  isCompleted: boolean;
  /** Resume point; left as stored when the client does not send one. */
  position?: number | undefined;
}

/** The row as stored after the report. */
export type RecordedRow = Pick<Progress, 'watchedDuration' | 'position' | 'isCompleted' | 'completedAt' | 'updatedAt'>;

export interface RecordedProgress extends CourseCompletion {
  progress: RecordedRow;
}

export type ProgressRefusal = 'not-enrolled' | 'module-gone';

/**
 * Stores a progress report. A player reports every 30 seconds while a video plays, so this is
 * the server's most frequent write, and the usual report costs one statement (two on MySQL;
 * on MariaDB a share of one, with the reports that arrived alongside), with no transaction
 * around it (see upsertProgress).
 *
 * Writes nothing and says why when the learner is not enrolled in the module's course, or the
 * module no longer exists (deleted through another instance whose news this one's catalogue
 * has not caught up with yet).
 *
 * When the stored row is completed (newly or not: a re-report still answers the certificate),
 * whether the course now is too is worked out afterwards, in a transaction of its own
 * (courseCompletion), which issues the certificate the first time.
 */
export async function recordProgress(db: Db, report: ProgressReport): Promise<RecordedProgress | ProgressRefusal> {
  const { userId, module } = report;
  const progress = await retryOnDeadlock(() => upsertProgress(db, {
    userId,
    moduleId: module.id,
    courseId: module.courseId,
    watchedDuration: report.watchedDuration,
    position: report.position ?? null,
    markedComplete: report.isCompleted,
    at: Date.now(),
  }));
  // Rare: one more query to tell the two refusals apart.
  if (!progress) return (await db('modules').where({ id: module.id }).first('id')) ? 'not-enrolled' : 'module-gone';
  // The course cannot be complete while this module is not: most reports stop here.
  if (!dbBoolean(progress.isCompleted)) return { progress, courseCompleted: false, certificateNumber: null };
  return { progress, ...(await retryOnDeadlock(() => courseCompletion(db, userId, module.courseId))) };
}

/** A report as the client made it; the statement clamps it to the module's duration. */
export interface ProgressRow {
  userId: number;
  moduleId: number;
  courseId: number;
  watchedDuration: number;
  /** null keeps the stored resume point. */
  position: number | null;
  /** The client's "Mark as Complete". */
  markedComplete: boolean;
  /** When the report arrived: updatedAt, and completedAt if it completes the module. */
  at: number;
}

// The enrollment check is the SELECT the row is inserted from: not enrolled, nothing to insert or
// update. So is the module's existence: the catalogue may still list a module another instance
// has just deleted, and inserting its row would break the foreign key. The module's duration is
// read in the same statement, so a duration just changed through another instance (which this
// one's catalogue may not know yet) is the one the report is clamped and judged by.
// The SELECT's values, in order: watched is the report clamped to [0, duration], or the whole
// duration for Mark as Complete (SPEC §4); a module is completed by Mark as Complete or at 90 %
// of a non-zero duration (a zero-length module has no 90 % to reach).
function insertFromEnrollment(least: string, greatest: string): string {
  const watched = `${least}(${greatest}(?, 0), m.duration)`;
  const completes = `(? = 1 or (m.duration > 0 and ${watched} >= ${COMPLETION_THRESHOLD} * m.duration))`;
  return `insert into progress (user_id, module_id, course_id, watched_duration, position, is_completed, completed_at, updated_at)
  select ?, ?, ?,
    case when ? = 1 then m.duration else ${watched} end,
    ${least}(${greatest}(?, 0), m.duration),
    case when ${completes} then 1 else 0 end,
    case when ${completes} then ? else null end,
    ?
  from enrollments e join modules m on m.id = ? and m.course_id = e.course_id
  where e.user_id = ? and e.course_id = ?`;
}

// The merge enforces the CONTRACT's rules whatever order racing reports arrive in:
// watchedDuration only grows, isCompleted never reverts, completedAt keeps the first completion.
const UPSERT_SQLITE = `${insertFromEnrollment('min', 'max')}
  on conflict (user_id, module_id) do update set
    watched_duration = max(watched_duration, excluded.watched_duration),
    is_completed = max(is_completed, excluded.is_completed),
    completed_at = coalesce(completed_at, excluded.completed_at),
    position = case when ? = 1 then excluded.position else position end,
    updated_at = excluded.updated_at`;

const UPSERT_MYSQL = `${insertFromEnrollment('least', 'greatest')}
  on duplicate key update
    progress.watched_duration = greatest(progress.watched_duration, values(watched_duration)),
    progress.is_completed = greatest(progress.is_completed, values(is_completed)),
    progress.completed_at = coalesce(progress.completed_at, values(completed_at)),
    progress.position = case when ? = 1 then values(position) else progress.position end,
    progress.updated_at = values(updated_at)`;

const STORED_COLUMNS = 'watched_duration, position, is_completed, completed_at, updated_at';
const UPSERT_SQLITE_RETURNING = `${UPSERT_SQLITE} returning ${STORED_COLUMNS}`;
const STORED_ROW = `select ${STORED_COLUMNS} from progress where user_id = ? and module_id = ?`;

/**
 * One statement that checks the enrollment, inserts or merges the row and (RETURNING, on SQLite
 * and MariaDB) answers the row as stored. MySQL has no RETURNING: the row is read back by a
 * second statement, which may already include a later report of the same module; it can only be
 * larger. Undefined when the learner is not enrolled or the module is gone.
 *
 * No transaction and no lock: a single statement is atomic, and nothing else in the report
 * depends on what the row held before (the certificate check reads after the write).
 *
 * On MariaDB the reports that arrive together share one statement (upsertBatch below).
 */
export async function upsertProgress(db: Db, row: ProgressRow, options: { returning?: boolean } = {}): Promise<RecordedRow | undefined> {
  const dialect = dialectOf(db);
  // `returning: false` lets the tests take MySQL's path on MariaDB.
  if (dialect === 'mysql' && (options.returning ?? (await supportsInsertReturning(db)))) return mariaDbBatcher(db)(row);
  const bindings = singleRowBindings(row);
  if (dialect === 'sqlite') return (await preparedRows<RecordedRow>(db, UPSERT_SQLITE_RETURNING, bindings))[0];
  // mysql2 counts matched rows (FOUND_ROWS), so 0 means the SELECT found no enrollment.
  if ((await affectedRows(db, UPSERT_MYSQL, bindings)) === 0) return undefined;
  return (await selectRows<RecordedRow>(db, STORED_ROW, [row.userId, row.moduleId]))[0];
}

function singleRowBindings(row: ProgressRow): number[] {
  const watched = Math.floor(row.watchedDuration);
  const marked = row.markedComplete ? 1 : 0;
  return [
    row.userId,
    row.moduleId,
    row.courseId,
    marked,
    watched,
    Math.floor(row.position ?? 0),
    marked,
    watched,
    marked,
    watched,
    row.at,
    row.at,
    row.moduleId,
    row.userId,
    row.courseId,
    row.position === null ? 0 : 1,
  ];
}

/**
 * MariaDB spends most of a report on the statement itself (parsing the execution, planning the
 * join, opening and locking the tables, the commit), not on the row: about 280 µs of its CPU for
 * a one-row upsert, so at a few thousand reports a second the database, not the server, was the
 * limit. Reports that arrive while the previous batch runs are upserted by one statement, the
 * same INSERT … SELECT over a derived table of the reports, so those costs are paid once per
 * batch. The rules are the single-row statement's, per row.
 *
 * Within a statement the rows are in (user, module) order, the order InnoDB then locks them in,
 * so two instances' batches do not lock each other in opposite orders; a module reported twice
 * in one batch goes into a following statement, so each report is answered the row as its own
 * write left it. A statement that fails for one row's fault (a constraint, a trigger) is run
 * again row by row, so a report fails only for a reason of its own; any other error (the
 * database gone, the pool exhausted, a deadlock, which recordProgress retries) fails the reports
 * not yet stored at once, as it would have failed each of them. Batches are padded to a power of
 * two with rows the joins drop, so each connection keeps a handful of statements prepared.
 */
const MAX_ROWS_PER_STATEMENT = 128;

const batchers = new WeakMap<Db, (row: ProgressRow) => Promise<RecordedRow | undefined>>();

function mariaDbBatcher(db: Db): (row: ProgressRow) => Promise<RecordedRow | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = turnBatcher((rows: ProgressRow[]) => upsertBatch(db, rows));
    batchers.set(db, batcher);
  }
  return batcher;
}

const rowKey = (userId: number | string, moduleId: number | string) => `${userId}:${moduleId}`;

async function upsertBatch(db: Db, rows: ProgressRow[]): Promise<Array<RecordedRow | undefined | Error>> {
  // Statement n takes each module's n-th report of the batch, in (user, module) order.
  const order = rows.map((_row, index) => index).sort((a, b) => rows[a]!.userId - rows[b]!.userId || rows[a]!.moduleId - rows[b]!.moduleId || a - b);
  const statements: number[][] = [];
  let previousKey = '';
  let repeat = 0;
  for (const index of order) {
    const key = rowKey(rows[index]!.userId, rows[index]!.moduleId);
    repeat = key === previousKey ? repeat + 1 : 0;
    previousKey = key;
    (statements[repeat] ??= []).push(index);
  }
  const outcomes: Array<RecordedRow | undefined | Error> = new Array(rows.length);
  const stored = async (chunk: number[]) => {
    const byKey = await upsertRows(db, chunk.map((index) => rows[index]!));
    for (const index of chunk) outcomes[index] = byKey.get(rowKey(rows[index]!.userId, rows[index]!.moduleId));
  };
  // An error that is not about a row (the database gone, the pool exhausted, a deadlock, which
  // recordProgress retries) fails every report not yet stored, at once, as one report's would.
  let failure: Error | null = null;
  for (const statement of statements) {
    for (let start = 0; start < statement.length; start += MAX_ROWS_PER_STATEMENT) {
      const chunk = statement.slice(start, start + MAX_ROWS_PER_STATEMENT);
      if (failure) {
        for (const index of chunk) outcomes[index] = failure;
        continue;
      }
      try {
        await stored(chunk);
        continue;
      } catch (error) {
        if (!isRowError(error)) {
          failure = asError(error);
          for (const index of chunk) outcomes[index] = failure;
          continue;
        }
        if (chunk.length === 1) {
          outcomes[chunk[0]!] = asError(error);
          continue;
        }
      }
      // One row's fault (a constraint, a trigger): each report alone, so only its own fails.
      for (const index of chunk) {
        if (failure) {
          outcomes[index] = failure;
          continue;
        }
        try {
          await stored([index]);
        } catch (rowError) {
          outcomes[index] = asError(rowError);
          if (!isRowError(rowError)) failure = asError(rowError);
        }
      }
    }
  }
  return outcomes;
}

/** An error the server raised about the statement's data, after which the connection is fine. */
function isRowError(error: unknown): boolean {
  const sqlError = error as { sqlState?: unknown; fatal?: unknown } | null;
  return typeof sqlError?.sqlState === 'string' && sqlError.fatal !== true && !isDeadlock(error) && !isDatabaseUnavailable(error);
}

/** The stored rows of one multi-row upsert, by (user, module); a report not enrolled is absent. */
async function upsertRows(db: Db, rows: ProgressRow[]): Promise<Map<string, RecordedRow>> {
  const bindings: Array<number | null> = [];
  for (const row of rows) {
    bindings.push(
      row.userId,
      row.moduleId,
      row.courseId,
      Math.floor(row.watchedDuration),
      Math.floor(row.position ?? 0),
      row.position === null ? 0 : 1,
      row.markedComplete ? 1 : 0,
      row.at,
    );
  }
  // Padded to a power of two with rows of nulls, which the joins drop: a handful of statements
  // for each connection to keep prepared, not one per batch size.
  let size = 1;
  while (size < rows.length) size *= 2;
  for (let padding = rows.length; padding < size; padding += 1) bindings.push(...NO_REPORT);
  const stored = await preparedRows<RecordedRow & { userId: number; moduleId: number }>(db, upsertRowsSql(size), bindings);
  const byKey = new Map<string, RecordedRow>();
  for (const { userId, moduleId, ...row } of stored) byKey.set(rowKey(userId, moduleId), row);
  return byKey;
}

const REPORT_COLUMNS = ['user_id', 'module_id', 'course_id', 'watched', 'position', 'has_position', 'marked', 'at'];
// Cast, so the derived table's columns are integers whatever type the driver sends, and the joins
// below use the enrollments and modules keys.
const FIRST_REPORT = `select ${REPORT_COLUMNS.map((column) => `cast(? as signed) as ${column}`).join(', ')}`;
const NEXT_REPORT = ` union all select ${REPORT_COLUMNS.map(() => 'cast(? as signed)').join(', ')}`;
const NO_REPORT = REPORT_COLUMNS.map(() => null);
const upsertRowsStatements = new Map<number, string>();

function upsertRowsSql(count: number): string {
  let sql = upsertRowsStatements.get(count);
  if (sql) return sql;
  const watched = 'least(greatest(r.watched, 0), m.duration)';
  const completes = `(r.marked = 1 or (m.duration > 0 and ${watched} >= ${COMPLETION_THRESHOLD} * m.duration))`;
  sql = `insert into progress (user_id, module_id, course_id, watched_duration, position, is_completed, completed_at, updated_at)
  select r.user_id, r.module_id, r.course_id,
    case when r.marked = 1 then m.duration else ${watched} end,
    least(greatest(r.position, 0), m.duration),
    case when ${completes} then 1 else 0 end,
    case when ${completes} then r.at else null end,
    r.at
  from (${FIRST_REPORT}${NEXT_REPORT.repeat(count - 1)}) r
  join enrollments e on e.user_id = r.user_id and e.course_id = r.course_id
  join modules m on m.id = r.module_id and m.course_id = e.course_id
  order by r.user_id, r.module_id
  on duplicate key update
    progress.watched_duration = greatest(progress.watched_duration, values(watched_duration)),
    progress.is_completed = greatest(progress.is_completed, values(is_completed)),
    progress.completed_at = coalesce(progress.completed_at, values(completed_at)),
    progress.position = case when r.has_position = 1 then values(position) else progress.position end,
    progress.updated_at = values(updated_at)
  returning user_id, module_id, ${STORED_COLUMNS}`;
  upsertRowsStatements.set(count, sql);
  return sql;
}

/**
 * Whether the course is complete now that this module is, issuing the certificate the first
 * time. Serialised per learner and course by the enrollment row lock (MySQL; SQLite has a single
 * writer): two reports completing the last two modules at once each wrote their own row before
 * getting here, so whichever takes the lock second sees both rows, and it sees the certificate
 * the first one may have issued, since its snapshot starts after the lock.
 */
async function courseCompletion(db: Db, userId: number, courseId: number): Promise<CourseCompletion> {
  return db.transaction(async (trx) => {
    await lockEnrollment(trx, userId, courseId);
    if (!(await isCourseCompleted(trx, userId, courseId))) return { courseCompleted: false, certificateNumber: null };
    const certificate = await issueCertificate(trx, userId, courseId);
    const valid = certificate && certificate.revokedAt === null;
    return { courseCompleted: true, certificateNumber: valid ? certificate.certificateNumber : null };
  });
}

async function lockEnrollment(trx: Knex.Transaction, userId: number, courseId: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') await trx('enrollments').select('id').where({ userId, courseId }).forUpdate();
}
