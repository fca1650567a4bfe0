import type { SubmissionFileKind } from '@atrium/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import { dialectOf, type Db } from '../db/knex.ts';
import type { Submission } from '../db/tables.ts';
import { HttpError, notEnrolled, notFound } from '../errors.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { draftOf, fileCountOf, liveAssignment, type LiveAssignment } from '../queries/assignments.ts';
import type { Clock } from '../services/clock.ts';
import type { FileStorage } from '../services/storage/index.ts';
import { recordStoredFile } from './storedFiles.ts';

/** What the submission commands need beside the database. */
export interface SubmissionDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  clock: Clock;
}

export const ASSIGNMENT_NOT_FOUND = 'Assignment not found';

/**
 * Serialises one learner's writes to their submissions (MySQL; SQLite has one writer): creating
 * the draft, attaching files, submitting and withdrawing all lock the learner's users row first,
 * so "at most one draft" and "at most maxFiles files" hold under concurrent requests.
 */
export async function lockLearner(trx: Knex.Transaction, userId: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') await trx('users').where({ id: userId }).forUpdate().first('id');
}

/**
 * The assignment the learner may write to: not deleted, of a course they are enrolled in (a
 * school's licence enrols its staff), or any course for an admin. Unknown: 404; no access: 403.
 */
export async function writableAssignment(trx: Knex.Transaction | Db, userId: number, assignmentId: number): Promise<LiveAssignment> {
  const assignment = await liveAssignment(trx, assignmentId);
  if (!assignment) throw notFound(ASSIGNMENT_NOT_FOUND);
  const user = await trx('users').where({ id: userId }).first('id', 'role');
  if (!user) throw notFound(ASSIGNMENT_NOT_FOUND);
  if (user.role !== 'admin' && !(await isEnrolled(trx, userId, assignment.courseId)))
    throw notEnrolled('Enroll in this course to submit its assignments');
  return assignment;
}

/**
 * The learner's draft of an assignment, created when there is none: round 1, or the round after
 * the latest submitted one. A new round starts empty of files (earlier rounds keep theirs).
 * Call under lockLearner.
 */
export async function ensureDraft(trx: Knex.Transaction, userId: number, assignment: LiveAssignment, now: number): Promise<Submission> {
  const draft = await draftOf(trx, userId, assignment.id);
  if (draft) return draft;
  const latest = await trx('submissions').where({ userId, assignmentId: assignment.id }).max({ round: 'round' }).first();
  return insertAndFetch(trx, 'submissions', {
    assignmentId: assignment.id,
    userId,
    courseId: assignment.courseId,
    round: Number(latest?.round ?? 0) + 1,
    status: 'draft',
    note: null,
    link: null,
    createdAt: now,
    submittedAt: null,
    withdrawnAt: null,
    reviewedAt: null,
    reviewerId: null,
    feedback: null,
  });
}

export interface AttachSubmissionFileInput {
  userId: number;
  assignmentId: number;
  /** Where the bytes already are in FileStorage (`submissions/…`). */
  storageKey: string;
  /** The name the client gave it; cut to its last path segment and 255 characters here. */
  originalName: string;
  kind: SubmissionFileKind;
  /** Sniffed from the bytes, never the client's. */
  contentType: string;
  size: number;
  sha256: string;
}

/** The name a file is shown and downloaded as: no folders, no control characters, ≤ 255 chars. */
export function sanitiseFileName(name: string, fallback = 'file'): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = Array.from(base).slice(0, 255).join('');
  return cut && cut !== '.' && cut !== '..' ? cut : fallback;
}

/**
 * Records a file that the upload endpoint has just written to storage as part of the learner's
 * draft (created if none), in one transaction: the learner must still have access, the
 * assignment must accept the kind and the draft must have room (re-checked here, under the
 * learner's lock, however many uploads finish at once). On any refusal the stored object is
 * deleted, so nothing is left half-stored; the error says why (403/404/409/422).
 */
export async function attachSubmissionFile(deps: SubmissionDeps, input: AttachSubmissionFileInput): Promise<{ fileId: number; submissionId: number }> {
  try {
    return await retryOnDeadlock(() =>
      deps.db.transaction(async (trx) => {
        await lockLearner(trx, input.userId);
        const assignment = await writableAssignment(trx, input.userId, input.assignmentId);
        if (!assignment.accepts.includes(input.kind))
          throw new HttpError(422, 'bad_request', `This assignment does not accept ${input.kind} files`, { file: `This assignment does not accept ${input.kind} files` });
        const now = deps.clock.now().getTime();
        const draft = await ensureDraft(trx, input.userId, assignment, now);
        if ((await fileCountOf(trx, draft.id)) >= assignment.maxFiles)
          throw new HttpError(409, 'conflict', `This assignment takes at most ${assignment.maxFiles} file${assignment.maxFiles === 1 ? '' : 's'}: remove one first`, {
            file: `At most ${assignment.maxFiles} file${assignment.maxFiles === 1 ? '' : 's'}`,
          });
        const storedId = await recordStoredFile(
          trx,
          { key: input.storageKey, clientName: input.originalName, contentType: input.contentType, size: input.size, sha256: input.sha256 },
          now,
        );
        const [fileId] = await trx('submissionFiles').insert({
          submissionId: draft.id,
          fileId: storedId,
          originalName: sanitiseFileName(input.originalName, `${input.kind}`),
          kind: input.kind,
          feedback: null,
          createdAt: now,
        });
        return { fileId: Number(fileId), submissionId: Number(draft.id) };
      }),
    );
  } catch (error) {
    await deps.storage
      .delete(input.storageKey)
      .catch((cause: unknown) => deps.logger.error({ err: cause, key: input.storageKey }, 'could not delete a submission file whose attach failed'));
    throw error;
  }
}
