import type { Db } from '../db/knex.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import {
  liveAssignment,
  managerSeesWorkOf,
  submissionById,
  submissionFileById,
  type LiveAssignment,
  type SubmissionFileRow,
  type SubmissionRow,
} from '../queries/assignments.ts';
import { requireCourseView } from './courseAccess.ts';
import { isAdmin } from './roles.ts';

interface PolicyContext<Input> {
  state: { user: User | null; assignment?: LiveAssignment; submission?: SubmissionRow; submissionFile?: SubmissionFileRow };
  deps: { db: Db };
  input: Input;
}

/**
 * `/api/assignments/:id…`: an assignment goes with the course's videos, so the learners who may
 * watch them (enrolled, which a school's licence does for its staff) and admins may work on it.
 * Unknown or deleted: 404; signed out: 401; no access to the course: 403. Leaves the assignment
 * on `ctx.state` for the handler (the commands check access again inside their transaction).
 */
export async function assignmentLearner(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const assignment = await liveAssignment(ctx.deps.db, ctx.input.params.id);
  if (!assignment) throw notFound('Assignment not found');
  await requireCourseView(ctx.deps.db, user, assignment.courseId, 'assignment');
  ctx.state.assignment = assignment;
}

/**
 * Who may see a learner's work (issue 37): the learner, admins, and the managers of the learner's
 * school when that school lets them. Nothing is public.
 */
export async function canSeeWorkOf(db: Db, viewer: User, learnerId: number): Promise<boolean> {
  if (viewer.id === learnerId || isAdmin(viewer)) return true;
  return managerSeesWorkOf(db, viewer.id, learnerId);
}

/**
 * Whether a school's training status links its members' submitted work: for admins always, for
 * the school's managers (whom the route's policy let in) when the school lets them, as canSeeWorkOf
 * answers for each member.
 */
export const canSeeSchoolWork = (viewer: Pick<User, 'role'> | null, schoolSharesWork: boolean): boolean => isAdmin(viewer) || schoolSharesWork;

const SUBMISSION_NOT_FOUND = 'Submission not found';

/**
 * Whether `viewer` may see one round of `learnerId`'s work: a draft is the learner's own until it is
 * sent, so no one else (admins and managers included) sees it or its files; a sent round, as
 * canSeeWorkOf answers.
 */
async function canSeeRound(db: Db, viewer: User, round: { userId: number; status: SubmissionRow['status'] }): Promise<boolean> {
  if (round.status === 'draft') return viewer.id === round.userId;
  return canSeeWorkOf(db, viewer, round.userId);
}

/** `GET /api/submissions/:id`: 404 for anyone who may not see it (an unsent draft is its author's alone), so its existence is never revealed. */
export async function submissionViewer(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const submission = await submissionById(ctx.deps.db, ctx.input.params.id);
  if (!submission || !(await canSeeRound(ctx.deps.db, user, { userId: Number(submission.userId), status: submission.status }))) {
    throw notFound(SUBMISSION_NOT_FOUND);
  }
  ctx.state.submission = submission;
}

/** `GET /api/submission-files/:fileId`: the same people as the file's submission; 404 for everyone else. */
export async function submissionFileViewer(ctx: PolicyContext<{ params: { fileId: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const file = await submissionFileById(ctx.deps.db, ctx.input.params.fileId);
  if (!file || !(await canSeeRound(ctx.deps.db, user, { userId: file.userId, status: file.submissionStatus }))) throw notFound('File not found');
  ctx.state.submissionFile = file;
}
