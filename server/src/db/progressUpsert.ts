import type DataLoader from 'dataloader';
import { isDatabaseUnavailable } from './availability.ts';
import { isDeadlock } from './deadlocks.ts';
import type { Bindings } from './statements.ts';
import { asError, batchLoader } from './batchLoader.ts';
import { mergeBucketBatch, mergeBucketsBindings, mergeBucketsSql, type BucketWord } from './playedBuckets.ts';

/** Runs one prepared statement and answers its rows. */
export type RunStatement = (sql: string, bindings: Bindings) => Promise<unknown[]>;
/** Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
export type InTransaction = <T>(work: (run: RunStatement) => Promise<T>) => Promise<T>;

interface Report {
  row: ProgressRow;
  words: readonly BucketWord[];
}

/** SPEC §9: a module counts as watched at 90 percent of its duration. */
export const COMPLETION_THRESHOLD = 0.9;

/** A report as the client made it; the statement clamps it to the module's duration. */
export interface ProgressRow {
  userId: number;
  moduleId: number;
  courseId: number;
  watchedDuration: number;
  /** Distinct seconds the player reported as played (issue 36); kept apart from watchedDuration. */
  playedSeconds: number;
  /** null keeps the stored resume point. */
  position: number | null;
  /** The client's "Mark as Complete". */
  markedComplete: boolean;
  /** When the report arrived: updatedAt, and completedAt if it completes the module. */
  at: number;
}

/** The progress row as stored after a report. */
export interface RecordedRow {
  watchedDuration: number;
  playedSeconds: number;
  position: number;
  isCompleted: boolean | number;
  completedAt: number | string | null;
  updatedAt: number | string;
}

// The enrollment check is the SELECT the row is inserted from: not enrolled, nothing to insert or
// update. So is the module's existence: the catalogue may still list a module another instance
// has just deleted, and inserting its row would break the foreign key. The module's duration is
// read in the same statement, so a duration just changed through another instance (which this
// one's catalogue may not know yet) is the one the report is clamped and judged by.
// The SELECT's values, in order: watched is the report clamped to [0, duration], or the whole
// duration for Mark as Complete (SPEC §4); played is the player's report clamped alike, whatever
// Mark as Complete says (issue 36); a module is completed by Mark as Complete or at 90 %
// of a non-zero duration (a zero-length module has no 90 % to reach).
function insertFromEnrollment(least: string, greatest: string): string {
  const watched = `${least}(${greatest}(?, 0), m.duration)`;
  const completes = `(? = 1 or (m.duration > 0 and ${watched} >= ${COMPLETION_THRESHOLD} * m.duration))`;
  return `insert into progress (user_id, module_id, course_id, watched_duration, played_seconds, position, is_completed, completed_at, updated_at)
  select ?, ?, ?,
    case when ? = 1 then m.duration else ${watched} end,
    ${least}(${greatest}(?, 0), m.duration),
    ${least}(${greatest}(?, 0), m.duration),
    case when ${completes} then 1 else 0 end,
    case when ${completes} then ? else null end,
    ?
  from enrollments e join modules m on m.id = ? and m.course_id = e.course_id
  where e.user_id = ? and e.course_id = ?`;
}

// The merge enforces the CONTRACT's rules whatever order racing reports arrive in:
// watchedDuration and playedSeconds only grow, isCompleted never reverts, completedAt keeps the
// first completion.
const UPSERT_SQLITE = `${insertFromEnrollment('min', 'max')}
  on conflict (user_id, module_id) do update set
    watched_duration = max(watched_duration, excluded.watched_duration),
    played_seconds = max(played_seconds, excluded.played_seconds),
    is_completed = max(is_completed, excluded.is_completed),
    completed_at = coalesce(completed_at, excluded.completed_at),
    position = case when ? = 1 then excluded.position else position end,
    updated_at = excluded.updated_at`;

/** MySQL's form; it has no RETURNING, so the row is read back with STORED_ROW. */
export const UPSERT_MYSQL = `${insertFromEnrollment('least', 'greatest')}
  on duplicate key update
    progress.watched_duration = greatest(progress.watched_duration, values(watched_duration)),
    progress.played_seconds = greatest(progress.played_seconds, values(played_seconds)),
    progress.is_completed = greatest(progress.is_completed, values(is_completed)),
    progress.completed_at = coalesce(progress.completed_at, values(completed_at)),
    progress.position = case when ? = 1 then values(position) else progress.position end,
    progress.updated_at = values(updated_at)`;

const STORED_COLUMNS = 'watched_duration, played_seconds, position, is_completed, completed_at, updated_at';
export const UPSERT_SQLITE_RETURNING = `${UPSERT_SQLITE} returning ${STORED_COLUMNS}`;
export const STORED_ROW = `select ${STORED_COLUMNS} from progress where user_id = ? and module_id = ?`;

/** The bindings of the single-row statements, in their placeholders' order. */
export function singleRowBindings(row: ProgressRow): number[] {
  const watched = Math.floor(row.watchedDuration);
  const marked = row.markedComplete ? 1 : 0;
  return [
    row.userId,
    row.moduleId,
    row.courseId,
    marked,
    watched,
    Math.floor(row.playedSeconds),
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
 * MariaDB spends most of a one-row upsert on the statement itself (parsing, planning the join,
 * opening and locking the tables, the commit), not on the row. Reports that arrive while the
 * previous batch runs are upserted by one statement, the same INSERT … SELECT over a derived table
 * of the reports, so those costs are paid once per batch. The rules are the single-row
 * statement's, per row.
 *
 * Within a statement the rows are in (user, module) order, the order InnoDB then locks them in,
 * so two instances' batches do not lock each other in opposite orders; a module reported twice in
 * one batch goes into a following statement, so each report is answered the row as its own write
 * left it. A statement that fails for one row's fault (a constraint, a trigger) is run again row
 * by row, so a report fails only for a reason of its own; any other error (the database gone, the
 * pool exhausted, a deadlock, which the caller retries) fails the reports not yet stored at once.
 * Batches are padded to a power of two with rows the joins drop, so each connection keeps a
 * handful of statements prepared.
 */
export class MariaDbProgressBatcher {
  private readonly upsertOne: DataLoader<Report, RecordedRow | undefined>;
  private readonly statements = new Map<number, string>();

  /**
   * `transaction`, when given, is how a batch whose reports name played buckets is run: its
   * upserts and the merge of its stored reports' bucket words in one transaction (issue 54), one
   * commit for both instead of one each, and the merge needs no join to progress, since the rows
   * it adds words to were stored and locked by the same transaction. A report is answered once
   * the transaction is committed, so an acknowledged report's row and words survive a crash
   * together; an error that is not one row's fault rolls back and fails the whole batch.
   */
  constructor(
    private readonly run: RunStatement,
    private readonly transaction?: InTransaction,
  ) {
    this.upsertOne = batchLoader((reports: readonly Report[]) => this.reportBatch(reports));
  }

  /** The row as stored after the report (undefined: not enrolled, or no such module); `words` ORed into its bucket mask (with `transaction` only). */
  upsert(row: ProgressRow, words: readonly BucketWord[] = []): Promise<RecordedRow | undefined> {
    if (words.length > 0 && !this.transaction) throw new Error('bucket words are merged by the batch only with a transaction');
    return this.upsertOne.load({ row, words });
  }

  private async reportBatch(reports: readonly Report[]): Promise<Array<RecordedRow | undefined | Error>> {
    const rows = reports.map((report) => report.row);
    if (!this.transaction || reports.every((report) => report.words.length === 0)) return this.upsertBatch(this.run, rows, false);
    try {
      return await this.transaction(async (run) => {
        const outcomes = await this.upsertBatch(run, rows, true);
        await mergeStoredWords(run, reports, outcomes);
        return outcomes;
      });
    } catch (error) {
      return reports.map(() => asError(error));
    }
  }

  /** `inTransaction`: an error that is not a row's is thrown (the transaction is lost), not answered. */
  private async upsertBatch(run: RunStatement, rows: readonly ProgressRow[], inTransaction: boolean): Promise<Array<RecordedRow | undefined | Error>> {
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
      const byKey = await this.upsertRows(
        run,
        chunk.map((index) => rows[index]!),
      );
      for (const index of chunk) outcomes[index] = byKey.get(rowKey(rows[index]!.userId, rows[index]!.moduleId));
    };
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
    if (inTransaction && failure) throw failure;
    return outcomes;
  }

  /** The stored rows of one multi-row upsert, by (user, module); a report not enrolled is absent. */
  private async upsertRows(run: RunStatement, rows: ProgressRow[]): Promise<Map<string, RecordedRow>> {
    const bindings: Array<number | null> = [];
    for (const row of rows) {
      bindings.push(
        row.userId,
        row.moduleId,
        row.courseId,
        Math.floor(row.watchedDuration),
        Math.floor(row.playedSeconds),
        Math.floor(row.position ?? 0),
        row.position === null ? 0 : 1,
        row.markedComplete ? 1 : 0,
        row.at,
      );
    }
    let size = 1;
    while (size < rows.length) size *= 2;
    for (let padding = rows.length; padding < size; padding += 1) bindings.push(...NO_REPORT);
    const stored = (await run(this.sqlFor(size), bindings)) as Array<RecordedRow & { userId: number; moduleId: number }>;
    const byKey = new Map<string, RecordedRow>();
    for (const { userId, moduleId, ...row } of stored) byKey.set(rowKey(userId, moduleId), row);
    return byKey;
  }

  private sqlFor(count: number): string {
    let sql = this.statements.get(count);
    if (!sql) {
      sql = upsertRowsSql(count);
      this.statements.set(count, sql);
    }
    return sql;
  }
}

const MAX_ROWS_PER_STATEMENT = 128;

/**
 * The bucket words of the reports stored by this transaction, ORed in by one statement per
 * chunk (mergeBucketBatch, without its join to progress: these rows exist, locked by the
 * transaction). A statement that fails for one row's fault is run again merge by merge, so only
 * that report fails (its progress row stays stored, as when the merge ran on its own); any
 * other error is thrown, and the transaction with it.
 */
async function mergeStoredWords(run: RunStatement, reports: readonly Report[], outcomes: Array<RecordedRow | undefined | Error>): Promise<void> {
  const merged = reports.flatMap((report, index) => {
    const outcome = outcomes[index];
    return report.words.length > 0 && outcome && !(outcome instanceof Error) ? [index] : [];
  });
  if (merged.length === 0) return;
  const merges = merged.map((index) => ({ userId: reports[index]!.row.userId, moduleId: reports[index]!.row.moduleId, words: reports[index]!.words }));
  try {
    for (const statement of mergeBucketBatch(merges, { stored: true })) await run(statement.sql, statement.bindings);
    return;
  } catch (error) {
    if (!isRowError(error)) throw error;
    if (merged.length === 1) {
      outcomes[merged[0]!] = asError(error);
      return;
    }
  }
  for (const [position, index] of merged.entries()) {
    const merge = merges[position]!;
    try {
      await run(mergeBucketsSql('mysql', merge.words.length), mergeBucketsBindings(merge.userId, merge.moduleId, merge.words));
    } catch (error) {
      if (!isRowError(error)) throw error;
      outcomes[index] = asError(error);
    }
  }
}

const rowKey = (userId: number | string, moduleId: number | string) => `${userId}:${moduleId}`;

/** An error the server raised about the statement's data, after which the connection is fine. */
function isRowError(error: unknown): boolean {
  const sqlError = error as { sqlState?: unknown; fatal?: unknown } | null;
  return typeof sqlError?.sqlState === 'string' && sqlError.fatal !== true && !isDeadlock(error) && !isDatabaseUnavailable(error);
}

const REPORT_COLUMNS = ['user_id', 'module_id', 'course_id', 'watched', 'played', 'position', 'has_position', 'marked', 'at'];
// Cast, so the derived table's columns are integers whatever type the driver sends, and the joins
// below use the enrollments and modules keys.
const FIRST_REPORT = `select ${REPORT_COLUMNS.map((column) => `cast(? as signed) as ${column}`).join(', ')}`;
const NEXT_REPORT = ` union all select ${REPORT_COLUMNS.map(() => 'cast(? as signed)').join(', ')}`;
const NO_REPORT = REPORT_COLUMNS.map(() => null);

function upsertRowsSql(count: number): string {
  const watched = 'least(greatest(r.watched, 0), m.duration)';
  const completes = `(r.marked = 1 or (m.duration > 0 and ${watched} >= ${COMPLETION_THRESHOLD} * m.duration))`;
  return `insert into progress (user_id, module_id, course_id, watched_duration, played_seconds, position, is_completed, completed_at, updated_at)
  select r.user_id, r.module_id, r.course_id,
    case when r.marked = 1 then m.duration else ${watched} end,
    least(greatest(r.played, 0), m.duration),
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
    progress.played_seconds = greatest(progress.played_seconds, values(played_seconds)),
    progress.is_completed = greatest(progress.is_completed, values(is_completed)),
    progress.completed_at = coalesce(progress.completed_at, values(completed_at)),
    progress.position = case when r.has_position = 1 then values(position) else progress.position end,
    progress.updated_at = values(updated_at)
  returning user_id, module_id, ${STORED_COLUMNS}`;
}
