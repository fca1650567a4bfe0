import type { AssignmentAcceptKind, AssignmentStepStatus } from '@atrium/common';
import type { Knex } from 'knex';
import { dbBoolean, type Db, type DbBoolean } from '../db/knex.ts';
import type { Assignment, AssignmentResult, Submission, SubmissionFile } from '../db/tables.ts';

type Reader = Db | Knex.Transaction;

/** An assignment with its columns read into their types. */
export interface LiveAssignment {
  id: number;
  courseId: number;
  afterModuleId: number | null;
  title: string;
  instructions: string;
  accepts: AssignmentAcceptKind[];
  maxFiles: number;
  approvalRequired: boolean;
  createdAt: number;
  updatedAt: number;
}

export function toLiveAssignment(row: Assignment): LiveAssignment {
  return {
    id: Number(row.id),
    courseId: Number(row.courseId),
    afterModuleId: row.afterModuleId === null ? null : Number(row.afterModuleId),
    title: row.title,
    instructions: row.instructions,
    accepts: JSON.parse(row.accepts) as AssignmentAcceptKind[],
    maxFiles: Number(row.maxFiles),
    approvalRequired: dbBoolean(row.approvalRequired),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** An assignment that is not deleted. */
export async function liveAssignment(db: Reader, assignmentId: number): Promise<LiveAssignment | undefined> {
  const row = await db('assignments').where({ id: assignmentId }).whereNull('deletedAt').first();
  return row ? toLiveAssignment(row) : undefined;
}

/** An assignment of this course that is not deleted (undefined when it is another course's). */
export async function courseAssignment(db: Reader, courseId: number, assignmentId: number): Promise<LiveAssignment | undefined> {
  const live = await liveAssignment(db, assignmentId);
  return live && live.courseId === courseId ? live : undefined;
}

/** A course's assignments that are not deleted, by id. */
export async function courseAssignments(db: Reader, courseId: number): Promise<LiveAssignment[]> {
  const rows = await db('assignments').where({ courseId }).whereNull('deletedAt').orderBy('id');
  return rows.map(toLiveAssignment);
}

/** The learner's draft round of an assignment, if any (at most one). */
export async function draftOf(db: Reader, userId: number, assignmentId: number): Promise<Submission | undefined> {
  return db('submissions').where({ userId, assignmentId, status: 'draft' }).first();
}

/** The number of files a round holds. */
export async function fileCountOf(db: Reader, submissionId: number): Promise<number> {
  const row = await db('submissionFiles').where({ submissionId }).count({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/**
 * The learner's standing on each assignment of a course, by assignment id: the latest submitted
 * round's status and whether the step is complete (assignmentResults, one indexed read), or
 * 'draft' when work has started but was never submitted. Absent: not started.
 */
export async function assignmentStandingForCourse(
  db: Reader,
  userId: number,
  courseId: number,
): Promise<Map<number, { status: AssignmentStepStatus; completed: boolean }>> {
  const [results, drafts] = await Promise.all([
    db('assignmentResults').where({ userId, courseId }).select('assignmentId', 'status', 'completed'),
    db('submissions').where({ userId, courseId, status: 'draft' }).select('assignmentId'),
  ]);
  const standing = new Map<number, { status: AssignmentStepStatus; completed: boolean }>();
  for (const draft of drafts) standing.set(Number(draft.assignmentId), { status: 'draft', completed: false });
  for (const row of results) standing.set(Number(row.assignmentId), { status: row.status, completed: dbBoolean(row.completed) });
  return standing;
}

/**
 * The course's assignments, not deleted, that the learner has not completed, as a statement to
 * read or nest: what the certificate waits for beside the modules and the final quiz
 * (completionGate.ts asks whether any exists).
 */
export function pendingAssignments(db: Reader, userId: number, courseId: number) {
  // Aliases of their own: completionGate nests this beside the quiz rows' (`c`, `q`, `m`, `r`).
  return db('assignments as pending')
    .select('pending.id')
    .where('pending.courseId', courseId)
    .whereNull('pending.deletedAt')
    .whereNotExists((done) =>
      done
        .select(db.raw('1'))
        .from('assignmentResults as done')
        .whereRaw('?? = ??', ['done.assignmentId', 'pending.id'])
        .where('done.userId', userId)
        .where('done.completed', true),
    );
}

/** How many of the course's assignments (deleted ones too: they counted when completed) the learner has completed. */
export async function completedAssignmentCount(db: Reader, userId: number, courseId: number): Promise<number> {
  const row = await db('assignmentResults as r')
    .join('assignments as a', 'a.id', 'r.assignmentId')
    .where({ 'a.courseId': courseId, 'r.userId': userId, 'r.completed': true })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** A round with the reviewer's name (as learners see it). */
export type SubmissionRow = Submission & { reviewerFirstName: string | null; reviewerLastName: string | null };

/** A file of a round with what storage knows of it. */
export interface SubmissionFileRow {
  id: number;
  submissionId: number;
  originalName: string;
  kind: SubmissionFile['kind'];
  feedback: string | null;
  /** The storedFiles row: a file carried into the next round is the same stored file. */
  storedFileId: number;
  storageKey: string;
  contentType: string;
  size: number;
}

const roundColumns = ['s.*', 'r.firstName as reviewerFirstName', 'r.lastName as reviewerLastName'];
const rounds = (db: Reader) => db('submissions as s').leftJoin('users as r', 'r.id', 's.reviewerId');

export async function submissionById(db: Reader, submissionId: number): Promise<SubmissionRow | undefined> {
  return rounds(db).where('s.id', submissionId).first(roundColumns);
}

/** Every round of the learner on an assignment, the newest first (the draft, if any, among them). */
export async function roundsOf(db: Reader, userId: number, assignmentId: number): Promise<SubmissionRow[]> {
  return rounds(db).where({ 's.userId': userId, 's.assignmentId': assignmentId }).orderBy('s.round', 'desc').select(roundColumns);
}

/** The files of these rounds, in upload order. */
export async function filesOfRounds(db: Reader, submissionIds: readonly number[]): Promise<SubmissionFileRow[]> {
  if (!submissionIds.length) return [];
  const rows = await db('submissionFiles as f')
    .join('storedFiles as sf', 'sf.id', 'f.fileId')
    .whereIn('f.submissionId', submissionIds)
    .orderBy('f.id')
    .select('f.id', 'f.submissionId', 'f.originalName', 'f.kind', 'f.feedback', 'f.fileId as storedFileId', 'sf.storageKey', 'sf.contentType', 'sf.size');
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    submissionId: Number(row.submissionId),
    storedFileId: Number(row.storedFileId),
    size: Number(row.size),
  }));
}

/**
 * The bytes a learner's submission files take in storage: every round of every assignment, drafts
 * included, each stored file once (a file carried into the next round is not stored again).
 */
export async function submissionBytesOf(db: Reader, userId: number): Promise<number> {
  const row = await db('storedFiles')
    .whereIn('id', db('submissionFiles as f').join('submissions as s', 's.id', 'f.submissionId').where('s.userId', userId).select('f.fileId'))
    .sum({ bytes: 'size' })
    .first();
  return Number(row?.bytes ?? 0);
}

/** One file with the learner whose work it is, for the file route's access check. */
export async function submissionFileById(
  db: Reader,
  fileId: number,
): Promise<(SubmissionFileRow & { userId: number; submissionStatus: Submission['status'] }) | undefined> {
  const row = await db('submissionFiles as f')
    .join('storedFiles as sf', 'sf.id', 'f.fileId')
    .join('submissions as s', 's.id', 'f.submissionId')
    .where('f.id', fileId)
    .first(
      'f.id',
      'f.submissionId',
      'f.originalName',
      'f.kind',
      'f.feedback',
      'f.fileId as storedFileId',
      'sf.storageKey',
      'sf.contentType',
      'sf.size',
      's.userId',
      's.status as submissionStatus',
    );
  return row
    ? {
        ...row,
        id: Number(row.id),
        submissionId: Number(row.submissionId),
        storedFileId: Number(row.storedFileId),
        size: Number(row.size),
        userId: Number(row.userId),
      }
    : undefined;
}

/**
 * Whether `viewerId` manages a school that `learnerId` belongs to and that lets its managers see
 * submissions (issue 37: off by default). One indexed read.
 */
export async function managerSeesWorkOf(db: Reader, viewerId: number, learnerId: number): Promise<boolean> {
  const row = await db('schoolMembers as l')
    .join('schools as s', 's.id', 'l.schoolId')
    .join('schoolMembers as m', 'm.schoolId', 'l.schoolId')
    .where({ 'l.userId': learnerId, 'm.userId': viewerId, 'm.role': 'manager', 's.managersSeeSubmissions': true })
    .first('l.schoolId');
  return Boolean(row);
}

/** Whether the learner's school (if any) lets its managers see submissions. */
/** The learner's result on one assignment: whether it counts as completed (approved, or sent where no approval is needed). */
export function assignmentResultOf(db: Reader, userId: number, assignmentId: number): Promise<{ completed: DbBoolean } | undefined> {
  return db('assignmentResults').where({ userId, assignmentId }).first('completed');
}

export async function schoolSharesWorkOf(db: Reader, learnerId: number): Promise<boolean> {
  const row = await db('schoolMembers as l')
    .join('schools as s', 's.id', 'l.schoolId')
    .where({ 'l.userId': learnerId, 's.managersSeeSubmissions': true })
    .first('l.schoolId');
  return Boolean(row);
}

/** Rounds awaiting review per assignment of a course (the admin's list). */
export async function awaitingCounts(db: Reader, courseId: number): Promise<Map<number, number>> {
  const rows = await db('submissions').where({ courseId, status: 'submitted' }).groupBy('assignmentId').select('assignmentId').count({ n: '*' });
  return new Map(rows.map((row) => [Number(row.assignmentId), Number(row.n)]));
}

export interface ReviewFilter {
  status?: 'awaiting' | 'changes_requested' | 'approved';
  courseId?: number | undefined;
  schoolId?: number | undefined;
}

const QUEUE_STATUS = { awaiting: 'submitted', changes_requested: 'changes_requested', approved: 'approved' } as const;

/** Rounds that were submitted (not drafts) of assignments that are not deleted, filtered by course and the learner's school. */
function queue(db: Reader, filter: ReviewFilter) {
  const query = db('submissions as s').join('assignments as a', 'a.id', 's.assignmentId').whereNull('a.deletedAt').whereNot('s.status', 'draft');
  if (filter.status) query.where('s.status', QUEUE_STATUS[filter.status]);
  if (filter.courseId !== undefined) query.where('s.courseId', filter.courseId);
  if (filter.schoolId !== undefined) query.whereIn('s.userId', db('schoolMembers').select('userId').where({ schoolId: filter.schoolId }));
  return query;
}

export interface ReviewQueueRow {
  submissionId: number;
  round: number;
  status: Submission['status'];
  submittedAt: number;
  reviewedAt: number | null;
  link: string | null;
  fileCount: number;
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  schoolId: number | null;
  schoolName: string | null;
  courseId: number;
  courseTitle: string;
  assignmentId: number;
  assignmentTitle: string;
}

/** One page of the review queue, the longest waiting first, with the count of all that match. */
export async function reviewQueue(
  db: Reader,
  filter: ReviewFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewQueueRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    queue(db, filter)
      .join('users as u', 'u.id', 's.userId')
      .join('courses as c', 'c.id', 's.courseId')
      .leftJoin('schoolMembers as sm', 'sm.userId', 's.userId')
      .leftJoin('schools as sc', 'sc.id', 'sm.schoolId')
      .orderBy('s.submittedAt', 'asc')
      .orderBy('s.id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .select(
        's.id as submissionId',
        's.round',
        's.status',
        's.submittedAt',
        's.reviewedAt',
        's.link',
        'u.id as userId',
        'u.firstName',
        'u.lastName',
        'u.email',
        'sc.id as schoolId',
        'sc.name as schoolName',
        'c.id as courseId',
        'c.title as courseTitle',
        'a.id as assignmentId',
        'a.title as assignmentTitle',
        db('submissionFiles as f').count('*').whereRaw('?? = ??', ['f.submissionId', 's.id']).as('fileCount'),
      ),
    queue(db, filter).count({ n: '*' }).first(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, fileCount: Number(row.fileCount), schoolId: row.schoolId === null ? null : Number(row.schoolId) })),
    total: Number(counted?.n ?? 0),
  };
}

/** How many rounds await review, were sent back and were approved, under the same filters. */
export async function reviewCounts(
  db: Reader,
  filter: Omit<ReviewFilter, 'status'>,
): Promise<{ awaiting: number; changesRequested: number; approved: number }> {
  const rows = (await queue(db, filter).groupBy('s.status').select('s.status').count({ n: '*' })) as Array<{ status: string; n: number | string }>;
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { awaiting: count('submitted'), changesRequested: count('changes_requested'), approved: count('approved') };
}

/** The learner, their school and the course and assignment of a round, for the review page. */
export async function reviewContext(db: Reader, submission: Submission) {
  const [learner, school, course, assignment] = await Promise.all([
    db('users').where({ id: submission.userId }).first('id', 'firstName', 'lastName', 'email'),
    db('schoolMembers as sm').join('schools as s', 's.id', 'sm.schoolId').where('sm.userId', submission.userId).first('s.id', 's.name'),
    db('courses').where({ id: submission.courseId }).first('id', 'title'),
    db('assignments').where({ id: submission.assignmentId }).first(),
  ]);
  return { learner, school, course, assignment: assignment ? toLiveAssignment(assignment) : undefined };
}

/** One member's standing on one assignment of a course, for the manager's status list. */
export interface PairAssignmentRow {
  userId: number;
  courseId: number;
  assignmentId: number;
  status: AssignmentResult['status'];
  approvalRequired: boolean;
  submissionId: number;
}

/**
 * The members' results on the assignments (not deleted) of these courses, with the id of the
 * round each result stands for: one read over assignment_results' (user, course) index.
 */
export async function assignmentResultsOfPairs(db: Reader, userIds: readonly number[], courseIds: readonly number[]): Promise<PairAssignmentRow[]> {
  if (!userIds.length || !courseIds.length) return [];
  const rows = await db('assignmentResults as r')
    .join('assignments as a', 'a.id', 'r.assignmentId')
    .join('submissions as s', function round() {
      this.on('s.userId', '=', 'r.userId').andOn('s.assignmentId', '=', 'r.assignmentId').andOn('s.round', '=', 'r.round');
    })
    .whereIn('r.userId', [...new Set(userIds)])
    .whereIn('r.courseId', [...new Set(courseIds)])
    .whereNull('a.deletedAt')
    .select('r.userId', 'r.courseId', 'r.assignmentId', 'r.status', 'a.approvalRequired', 's.id as submissionId');
  return rows.map((row) => ({
    userId: Number(row.userId),
    courseId: Number(row.courseId),
    assignmentId: Number(row.assignmentId),
    status: row.status,
    approvalRequired: dbBoolean(row.approvalRequired),
    submissionId: Number(row.submissionId),
  }));
}

/** Whether the school lets its managers see its members' submissions. */
export async function schoolSharesSubmissions(db: Reader, schoolId: number): Promise<boolean> {
  return dbBoolean((await db('schools').where({ id: schoolId }).first('managersSeeSubmissions'))?.managersSeeSubmissions);
}
