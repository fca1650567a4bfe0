import type DataLoader from 'dataloader';
import { OutageLog } from './availability.ts';
import type { Config } from '../config.ts';
import { createDb, dialectOf, type Db, type Dialect } from './knex.ts';
import { keyedLoader } from './keyedReads.ts';
import {
  MariaDbProgressBatcher,
  singleRowBindings,
  STORED_ROW,
  UPSERT_MYSQL,
  UPSERT_SQLITE_RETURNING,
  type ProgressRow,
  type RecordedRow,
} from './progressUpsert.ts';
import { mergeBucketBatch, mergeBucketsBindings, mergeBucketsSql, type BucketMerge, type BucketWord } from './playedBuckets.ts';
import { asError, batchLoader } from './batchLoader.ts';
import { affectedRows, isMariaDbWithReturning, mappedRows, selectRows } from './raw.ts';
import type { User } from './tables.ts';
import { startBackgroundCheckpoints, type BackgroundCheckpoints } from './sqliteCheckpoints.ts';
import { executePrepared, preparedTransaction, SqliteGroupCommit, SqliteReader, type Bindings, type StatementListener } from './statements.ts';

/** A session row with its user's columns (null when the session names no user, or a deleted one). */
export interface SessionWithUser {
  id: string;
  data: string;
  expiresAt: number;
  userId: number | null;
  /** The users row, or null. */
  user: User | null;
}

/** A learner's figures for one course they are enrolled in, from course_progress (zeros when none yet). */
export interface EnrolledCourseFigures {
  courseId: number;
  completedModules: number;
  watchedSeconds: number;
  lastModuleId: number | null;
  /** Knowledge checks of the course passed (not deleted ones), issue 36. */
  passedQuizzes: number;
  /** Assignments of the course completed (not deleted ones), issue 37. */
  completedAssignments: number;
}

type SessionRow = Record<string, unknown> & { sessionId: string; sessionData: string; sessionExpiresAt: number | string; sessionUserId: number | null };
type FiguresRow = {
  userId: number;
  courseId: number;
  completedModules: number | string;
  watchedSeconds: number | string;
  lastModuleId: number | null;
};
type StepCountsRow = { userId: number; courseId: number; passedQuizzes: number | string; completedAssignments: number | string };

const SESSION_WITH_USER = {
  sql: (ids: string) =>
    `select users.*, sessions.id as session_id, sessions.data as session_data, sessions.expires_at as session_expires_at, sessions.user_id as session_user_id
  from sessions left join users on users.id = sessions.user_id
  where sessions.id in (${ids})`,
  keyOf: (row: SessionRow) => row.sessionId,
};

// Every enrollment has its course_progress row, marked `enrolled` (migrations/051_enrolled_figures.ts),
// and the table's key starts with the user: one index walk per learner, whatever the size of their
// history. Joining enrollments to it cost MariaDB 14–16 % more per dashboard (issue 54).
const ENROLLED_FIGURES = {
  sql: (userIds: string) =>
    `select user_id, course_id, completed_modules, watched_seconds, last_module_id
  from course_progress where user_id in (${userIds}) and enrolled = 1`,
  keyOf: (row: FiguresRow) => row.userId,
};

// Passed knowledge checks (issue 36) and completed assignments (issue 37) per course, over
// quiz_results' and assignment_results' (user, course) indexes. Read apart from the figures, and
// only for a learner enrolled in a course that has such steps: counted in the figures' statement
// as correlated subqueries, they doubled MariaDB's CPU for that statement (190 against 93 µs for
// 12 learners, 1 Dec) even for courses with none, which is most of them (issue 54).
const STEP_COUNTS = {
  sql: (userIds: string) =>
    `select user_id, course_id, sum(passed) as passed_quizzes, sum(completed) as completed_assignments from (
    select qr.user_id, qr.course_id, 1 as passed, 0 as completed from quiz_results qr join quizzes q on q.id = qr.quiz_id
      where qr.user_id in (${userIds}) and qr.passed = 1 and q.deleted_at is null
    union all
    select ar.user_id, ar.course_id, 0, 1 from assignment_results ar join assignments a on a.id = ar.assignment_id
      where ar.user_id in (${userIds}) and ar.completed = 1 and a.deleted_at is null
  ) steps group by user_id, course_id`,
  keyOf: (row: StepCountsRow) => row.userId,
  uses: 2,
};

// A module of the course with no completed row of the learner's: one key lookup per module.
const INCOMPLETE_MODULE = `select 1 as one from modules m
  where m.course_id = ? and not exists (select 1 from progress p where p.user_id = ? and p.module_id = m.id and p.is_completed = 1)
  limit 1`;

interface LearnerCourse {
  userId: number;
  courseId: number;
}

const incompleteSql = new Map<number, string>();
/** INCOMPLETE_MODULE for many (learner, course) pairs: the pairs with a module left to complete. */
function incompleteCoursesSql(count: number): string {
  let sql = incompleteSql.get(count);
  if (!sql) {
    const pairs =
      'select cast(? as signed) as user_id, cast(? as signed) as course_id' + ' union all select cast(? as signed), cast(? as signed)'.repeat(count - 1);
    sql = `select r.user_id, r.course_id from (${pairs}) r
  where exists (select 1 from modules m where m.course_id = r.course_id
    and not exists (select 1 from progress p where p.user_id = r.user_id and p.module_id = m.id and p.is_completed = 1))`;
    incompleteSql.set(count, sql);
  }
  return sql;
}

/**
 * The database, as the app uses it: knex for the query builder (`knex`, and AppDeps.db), and the
 * few statements nearly every request sends (the session with its user, the dashboard's figures,
 * the progress upsert) as typed methods over hand-written SQL, run the cheapest way each
 * database offers:
 * - SQLite: reads on a read-only connection of their own with prepared statements (SqliteReader);
 *   writes grouped into one transaction per batch (SqliteGroupCommit).
 * - MySQL/MariaDB: server-side prepared statements on pooled connections; reads by key and
 *   progress reports batched, so a statement's fixed cost is paid once per batch.
 * Built once at start-up (Database.open), passed through the app's dependencies, closed once.
 */
export class Database {
  readonly dialect: Dialect;
  private readonly reader: SqliteReader | null;
  private readonly groupCommit: SqliteGroupCommit | null;
  private readonly sessions: DataLoader<string | number, SessionRow[]>;
  private readonly figures: DataLoader<string | number, FiguresRow[]>;
  private readonly stepCounts: DataLoader<string | number, StepCountsRow[]>;
  private readonly progressBatcher: MariaDbProgressBatcher | null;
  private readonly bucketMerges: DataLoader<BucketMerge, true> | null;
  private readonly incompleteCourses: DataLoader<{ userId: number; courseId: number }, boolean> | null;
  private readonly listeners = new Set<StatementListener>();
  private returning: Promise<boolean> | null = null;
  /** Outages seen by this app's requests, mailer, scheduler and readiness check, logged sparingly. */
  readonly outages = new OutageLog();

  private constructor(
    readonly knex: Db,
    reader: SqliteReader | null,
    private readonly checkpoints: BackgroundCheckpoints | null,
  ) {
    this.dialect = dialectOf(knex);
    this.reader = reader;
    this.groupCommit = this.dialect === 'sqlite' ? new SqliteGroupCommit(knex, (sql, bindings) => this.observe(sql, bindings, 'group-commit')) : null;
    this.sessions = keyedLoader(SESSION_WITH_USER, (sql, bindings) => this.readRows<SessionRow>(sql, bindings));
    this.figures = keyedLoader(ENROLLED_FIGURES, (sql, bindings) => this.readRows<FiguresRow>(sql, bindings));
    this.stepCounts = keyedLoader(STEP_COUNTS, (sql, bindings) => this.readRows<StepCountsRow>(sql, bindings));
    this.progressBatcher =
      this.dialect === 'mysql'
        ? new MariaDbProgressBatcher(
            (sql, bindings) => this.prepared(sql, bindings),
            (work) => preparedTransaction(this.knex, (sql, bindings) => this.observe(sql, bindings, 'prepared'), work),
          )
        : null;
    this.bucketMerges = this.dialect === 'mysql' ? batchLoader((merges: readonly BucketMerge[]) => this.mergeBuckets(merges)) : null;
    this.incompleteCourses = this.dialect === 'mysql' ? batchLoader((pairs: readonly LearnerCourse[]) => this.readIncompleteCourses(pairs)) : null;
  }

  /** Opens the database of `config` (a SQLite file is created if missing). Migrations are the caller's. */
  static async open(config: Config['database']): Promise<Database> {
    const knex = createDb(config);
    if (config.client !== 'sqlite' || isPrivateMemory(config.filename)) return new Database(knex, null, null);
    try {
      // The first connection creates the file and switches it to WAL, which the reader needs.
      await knex.raw('select 1');
      const filename = (knex.client.config.connection as { filename: string }).filename;
      const reader = new SqliteReader(filename);
      const checkpoints = startBackgroundCheckpoints(filename, (message) => console.warn(`sqlite background checkpoint failed: ${message}`));
      return new Database(knex, reader, checkpoints);
    } catch (error) {
      await knex.destroy();
      throw error;
    }
  }

  /** The session and its user, read together with the other sessions asked for meanwhile. */
  async readSessionWithUser(sessionId: string): Promise<SessionWithUser | undefined> {
    const [row] = await this.sessions.load(sessionId);
    if (!row) return undefined;
    const { sessionId: id, sessionData: data, sessionExpiresAt: expiresAt, sessionUserId: userId, ...userColumns } = row;
    const hasUser = userColumns.id !== null && userColumns.id !== undefined;
    return { id, data, expiresAt: Number(expiresAt), userId: userId === null ? null : Number(userId), user: hasUser ? (userColumns as unknown as User) : null };
  }

  /**
   * The learner's figures for each course they are enrolled in. Passed quizzes and completed
   * assignments are counted for the courses `hasSteps` says have them (the catalogue the answer
   * is presented with: it shows those counts for no other course), by a second statement that a
   * learner enrolled in none of them never waits for; every other course reads 0.
   */
  async enrolledCourseFigures(userId: number, hasSteps: (courseId: number) => boolean = () => true): Promise<EnrolledCourseFigures[]> {
    const figures = (await this.figures.load(userId)).map((row) => ({
      courseId: Number(row.courseId),
      completedModules: Number(row.completedModules),
      watchedSeconds: Number(row.watchedSeconds),
      lastModuleId: row.lastModuleId === null ? null : Number(row.lastModuleId),
      passedQuizzes: 0,
      completedAssignments: 0,
    }));
    if (!figures.some((course) => hasSteps(course.courseId))) return figures;
    const counts = new Map((await this.stepCounts.load(userId)).map((row) => [Number(row.courseId), row]));
    for (const course of figures) {
      const count = hasSteps(course.courseId) ? counts.get(course.courseId) : undefined;
      if (!count) continue;
      course.passedQuizzes = Number(count.passedQuizzes);
      course.completedAssignments = Number(count.completedAssignments);
    }
    return figures;
  }

  /**
   * Whether a module of the course is not completed by the learner, in committed rows: the
   * cheap first look a completing report takes before the locked check (recordProgress).
   */
  async hasIncompleteModule(userId: number, courseId: number): Promise<boolean> {
    if (this.incompleteCourses) return this.incompleteCourses.load({ userId, courseId });
    return (await this.readRows<{ one: number }>(INCOMPLETE_MODULE, [courseId, userId])).length > 0;
  }

  /** MariaDB: the pairs asked meanwhile, one statement (padded to a power of two, so few are prepared). */
  private async readIncompleteCourses(pairs: readonly LearnerCourse[]): Promise<boolean[]> {
    let size = 1;
    while (size < pairs.length) size *= 2;
    const bindings: Array<number | null> = pairs.flatMap((pair) => [pair.userId, pair.courseId]);
    for (let padding = pairs.length; padding < size; padding += 1) bindings.push(null, null);
    const rows = await this.readRows<{ userId: number; courseId: number }>(incompleteCoursesSql(size), bindings);
    const incomplete = new Set(rows.map((row) => `${row.userId}:${row.courseId}`));
    return pairs.map((pair) => incomplete.has(`${pair.userId}:${pair.courseId}`));
  }

  /**
   * Stores a progress report if the learner is enrolled in the module's course and the module
   * exists (one statement checks both), and answers the row as stored; undefined otherwise.
   * `played` (the 10-second buckets the report names, as mask words) is ORed into the learner's
   * bucket mask once the row is stored, and nothing when it is not.
   */
  async upsertProgress(row: ProgressRow, played: readonly BucketWord[] = []): Promise<RecordedRow | undefined> {
    if (this.dialect === 'sqlite') {
      // Both statements join the same group commit, the buckets right after the upsert.
      const [rows] = await Promise.all([
        this.groupCommit!.rows(UPSERT_SQLITE_RETURNING, singleRowBindings(row)),
        played.length > 0 ? this.groupCommit!.rows(mergeBucketsSql('sqlite', played.length), mergeBucketsBindings(row.userId, row.moduleId, played)) : null,
      ]);
      return rows[0] as RecordedRow | undefined;
    }
    // MariaDB: the words go with the row, merged in the batch's own transaction (MariaDbProgressBatcher).
    if (await this.supportsInsertReturning()) return this.progressBatcher!.upsert(row, played);
    const stored = await this.upsertProgressMysql(row);
    if (stored && played.length > 0) await this.bucketMerges!.load({ userId: row.userId, moduleId: row.moduleId, words: played });
    return stored;
  }

  /**
   * MySQL (no RETURNING): the bucket words of the reports stored meanwhile, ORed in by one statement per batch
   * (mergeBucketBatch). A report is answered only once its words are committed, so an
   * acknowledged report's buckets survive a crash as its row does. A statement that fails for
   * one row's fault is run again merge by merge, so only that report fails.
   */
  private async mergeBuckets(merges: readonly BucketMerge[]): Promise<Array<true | Error>> {
    try {
      for (const statement of mergeBucketBatch(merges)) await this.prepared(statement.sql, statement.bindings);
      return merges.map(() => true as const);
    } catch (error) {
      if (merges.length === 1) throw error;
      const outcomes: Array<true | Error> = [];
      for (const merge of merges) {
        try {
          await this.prepared(mergeBucketsSql('mysql', merge.words.length), mergeBucketsBindings(merge.userId, merge.moduleId, merge.words));
          outcomes.push(true);
        } catch (mergeError) {
          outcomes.push(asError(mergeError));
        }
      }
      return outcomes;
    }
  }

  private async upsertProgressMysql(row: ProgressRow): Promise<RecordedRow | undefined> {
    if (await this.supportsInsertReturning()) return this.progressBatcher!.upsert(row);
    // mysql2 counts matched rows (FOUND_ROWS), so 0 means the SELECT found no enrollment.
    if ((await affectedRows(this.knex, UPSERT_MYSQL, singleRowBindings(row))) === 0) return undefined;
    // A second statement: it may already include a later report of the same module, which can only be larger.
    return (await selectRows<RecordedRow>(this.knex, STORED_ROW, [row.userId, row.moduleId]))[0];
  }

  /** Whether `INSERT … RETURNING` works: SQLite and MariaDB 10.5+ yes, MySQL no. Asked once. */
  supportsInsertReturning(): Promise<boolean> {
    if (this.dialect !== 'mysql') return Promise.resolve(true);
    this.returning ??= selectRows<{ version: string }>(this.knex, 'select version() as version', []).then(
      ([row]) => isMariaDbWithReturning(row?.version ?? ''),
      (error: unknown) => {
        this.returning = null;
        throw error;
      },
    );
    return this.returning;
  }

  /**
   * Calls `listener` for every statement this object runs outside knex's query builder (knex's
   * own `query` event covers the rest); answers the function that stops it.
   */
  onStatement(listener: StatementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.checkpoints?.stop();
    this.reader?.close();
    await this.knex.destroy();
  }

  /** Rows of a read-only SELECT, keys in camelCase, as committed (never inside a transaction). */
  private async readRows<T>(sql: string, bindings: Bindings): Promise<T[]> {
    if (this.dialect === 'mysql') return this.prepared(sql, bindings) as Promise<T[]>;
    if (!this.reader) return selectRows<T>(this.knex, sql, bindings);
    this.observe(sql, bindings, 'reader');
    return mappedRows(this.knex, this.reader.all(sql, bindings)) as T[];
  }

  private prepared(sql: string, bindings: Bindings): Promise<unknown[]> {
    this.observe(sql, bindings, 'prepared');
    return executePrepared(this.knex, sql, bindings);
  }

  private observe(sql: string, bindings: Bindings, via: 'reader' | 'prepared' | 'group-commit'): void {
    for (const listener of this.listeners) listener({ sql, bindings, via });
  }
}

/** A private in-memory database is visible to its own connection only: no reader beside it. */
function isPrivateMemory(filename: string): boolean {
  return filename === ':memory:' || filename.startsWith('file::memory:');
}
