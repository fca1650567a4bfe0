import {
  SUBMISSION_FILE_LIMITS,
  submissionFileName,
  type AssignmentAdminDto,
  type AssignmentDto,
  type AssignmentStatusDto,
  type ReviewQueueItemDto,
  type SubmissionDto,
  type SubmissionFileDto,
  type SubmissionReviewDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import { displayName, personalName } from '../models/User.ts';
import type { LiveAssignment, PairAssignmentRow, ReviewQueueRow, SubmissionFileRow, SubmissionRow } from '../queries/assignments.ts';

export function presentAssignmentAdmin(assignment: LiveAssignment, awaitingCount: number): AssignmentAdminDto {
  return {
    id: assignment.id,
    courseId: assignment.courseId,
    title: assignment.title,
    instructions: assignment.instructions,
    afterModuleId: assignment.afterModuleId,
    accepts: assignment.accepts,
    maxFiles: assignment.maxFiles,
    approvalRequired: assignment.approvalRequired,
    awaitingCount,
    createdAt: toIso(assignment.createdAt)!,
    updatedAt: toIso(assignment.updatedAt)!,
  };
}

export function presentSubmissionFile(file: SubmissionFileRow, earlierFeedback: string | null = null): SubmissionFileDto {
  return {
    id: file.id,
    originalName: submissionFileName(file.originalName, file.contentType),
    kind: file.kind,
    contentType: file.contentType,
    size: file.size,
    url: `/api/submission-files/${file.id}`,
    feedback: file.feedback ?? null,
    earlierFeedback,
  };
}

/** A round with its files (`files` may hold other rounds' files: only this one's are kept). */
export function presentSubmission(round: SubmissionRow, files: readonly SubmissionFileRow[]): SubmissionDto {
  const reviewer = personalName({ firstName: round.reviewerFirstName, lastName: round.reviewerLastName });
  return {
    id: Number(round.id),
    assignmentId: Number(round.assignmentId),
    courseId: Number(round.courseId),
    userId: Number(round.userId),
    round: Number(round.round),
    status: round.status,
    note: round.note ?? null,
    link: round.link ?? null,
    files: files.filter((file) => file.submissionId === Number(round.id)).map((file) => presentSubmissionFile(file)),
    createdAt: toIso(round.createdAt)!,
    submittedAt: toIso(round.submittedAt),
    withdrawnAt: toIso(round.withdrawnAt),
    reviewedAt: toIso(round.reviewedAt),
    reviewerName: round.reviewerId === null ? null : reviewer || 'Your reviewer',
    feedback: round.feedback ?? null,
  };
}

/** The learner's view of an assignment: their draft, their submitted rounds (newest first) and whether the step is done. */
export function presentAssignment(
  assignment: LiveAssignment,
  rounds: readonly SubmissionRow[],
  files: readonly SubmissionFileRow[],
  standing: { completed: boolean; managersCanSee: boolean },
): AssignmentDto {
  const draft = rounds.find((round) => round.status === 'draft');
  // The reviewer's notes on the round the draft's files were carried over from, by stored file.
  const sentBack = draft && rounds.find((round) => Number(round.round) === Number(draft.round) - 1 && round.status === 'changes_requested');
  const earlierNotes = new Map(
    files.filter((file) => sentBack && file.submissionId === Number(sentBack.id) && file.feedback).map((file) => [file.storedFileId, file.feedback]),
  );
  return {
    id: assignment.id,
    courseId: assignment.courseId,
    title: assignment.title,
    instructions: assignment.instructions,
    accepts: assignment.accepts,
    maxFiles: assignment.maxFiles,
    approvalRequired: assignment.approvalRequired,
    limits: { ...SUBMISSION_FILE_LIMITS },
    draft: draft
      ? {
          ...presentSubmission(draft, files),
          files: files
            .filter((file) => file.submissionId === Number(draft.id))
            .map((file) => presentSubmissionFile(file, earlierNotes.get(file.storedFileId) ?? null)),
        }
      : null,
    rounds: rounds.filter((round) => round.status !== 'draft').map((round) => presentSubmission(round, files)),
    completed: standing.completed,
    managersCanSee: standing.managersCanSee,
  };
}

const learnerName = (row: { firstName: string | null; lastName: string | null; email: string }) => displayName(row);

export function presentReviewQueueItem(row: ReviewQueueRow): ReviewQueueItemDto {
  return {
    submissionId: Number(row.submissionId),
    round: Number(row.round),
    status: row.status,
    submittedAt: toIso(row.submittedAt)!,
    reviewedAt: toIso(row.reviewedAt),
    fileCount: row.fileCount,
    hasLink: Boolean(row.link),
    learner: { id: Number(row.userId), name: learnerName(row), email: row.email },
    school: row.schoolId === null ? null : { id: row.schoolId, name: row.schoolName ?? '' },
    course: { id: Number(row.courseId), title: row.courseTitle },
    assignment: { id: Number(row.assignmentId), title: row.assignmentTitle },
  };
}

export function presentSubmissionReview(input: {
  round: SubmissionRow;
  earlier: readonly SubmissionRow[];
  files: readonly SubmissionFileRow[];
  learner: { id: number; firstName: string | null; lastName: string | null; email: string };
  school: { id: number; name: string } | undefined;
  course: { id: number; title: string } | undefined;
  assignment: LiveAssignment | undefined;
}): SubmissionReviewDto {
  const { round, learner, school, course, assignment } = input;
  return {
    submission: presentSubmission(round, input.files),
    learner: {
      id: Number(learner.id),
      name: learnerName(learner),
      email: learner.email,
      school: school ? { id: Number(school.id), name: school.name } : null,
    },
    course: { id: Number(course?.id ?? round.courseId), title: course?.title ?? '' },
    assignment: {
      id: Number(round.assignmentId),
      title: assignment?.title ?? '',
      instructions: assignment?.instructions ?? '',
      approvalRequired: assignment?.approvalRequired ?? false,
    },
    earlierRounds: input.earlier.map((earlier) => presentSubmission(earlier, input.files)),
  };
}

/**
 * A member's assignment work on one course, as one status for the manager's list: what needs
 * someone first ("changes requested", then "awaiting review"), "approved" / "submitted" once every
 * assignment of the course is done, null while some are not started. The round's id only when
 * the caller may open it (the school shares submissions, or an admin).
 */
export function presentAssignmentStatus(results: readonly PairAssignmentRow[], assignmentCount: number, showSubmission: boolean): AssignmentStatusDto {
  const pick = (status: AssignmentStatusDto['status'], row: PairAssignmentRow | undefined): AssignmentStatusDto => ({
    status,
    submissionId: showSubmission && row ? row.submissionId : null,
  });
  const changes = results.find((row) => row.status === 'changes_requested');
  if (changes) return pick('changes_requested', changes);
  const awaiting = results.find((row) => row.status === 'submitted' && row.approvalRequired);
  if (awaiting) return pick('awaiting_review', awaiting);
  if (results.length < assignmentCount || !results.length) return pick(null, undefined);
  const submitted = results.find((row) => row.status === 'submitted');
  if (submitted) return pick('submitted', submitted);
  return pick('approved', results[0]);
}
