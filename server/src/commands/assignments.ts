import type { AssignmentInputParsed, AssignmentPatchParsed } from '@atrium/common';
import type { Knex } from 'knex';
import { dialectOf, type Db } from '../db/knex.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import { badRequest, notFound } from '../errors.ts';
import { courseAssignment, type LiveAssignment } from '../queries/assignments.ts';
import { writeCatalogue, type CatalogueCommandDeps } from './catalogue/write.ts';
import { releaseFiles, type FileDeps } from './storedFiles.ts';

const ASSIGNMENT_NOT_FOUND = 'Assignment not found';

/** An assignment follows a module of its own course, or comes at the end (null). */
async function checkPlacement(trx: Knex.Transaction, courseId: number, afterModuleId: number | null | undefined): Promise<void> {
  if (afterModuleId === null || afterModuleId === undefined) return;
  const module = await trx('modules').where({ id: afterModuleId, courseId }).first('id');
  if (!module) throw badRequest('The assignment must follow a module of this course', { afterModuleId: 'Not a module of this course' });
}

/** Creates an assignment step; the catalogue is reloaded so it shows in the course's steps. */
export async function createAssignment(deps: CatalogueCommandDeps, courseId: number, input: AssignmentInputParsed): Promise<number> {
  return writeCatalogue(deps, async (trx) => {
    if (!(await trx('courses').where({ id: courseId }).first('id'))) throw notFound('Course not found');
    await checkPlacement(trx, courseId, input.afterModuleId);
    const now = deps.clock.now().getTime();
    const row = await insertAndFetch(trx, 'assignments', {
      courseId,
      afterModuleId: input.afterModuleId,
      title: input.title,
      instructions: input.instructions,
      accepts: JSON.stringify(input.accepts),
      maxFiles: input.maxFiles,
      approvalRequired: input.approvalRequired,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    return Number(row.id);
  });
}

/**
 * Changes the fields sent. Rounds already submitted keep what they were judged against; a change
 * of `approvalRequired` applies to what happens next (a round submitted before approval was
 * required stays complete, as "once complete, stays complete").
 */
export async function updateAssignment(deps: CatalogueCommandDeps, courseId: number, assignmentId: number, input: AssignmentPatchParsed): Promise<void> {
  await writeCatalogue(deps, async (trx) => {
    await lockedAssignment(trx, courseId, assignmentId);
    if (input.afterModuleId !== undefined) await checkPlacement(trx, courseId, input.afterModuleId);
    const now = deps.clock.now().getTime();
    await trx('assignments')
      .where({ id: assignmentId })
      .update({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
        ...(input.afterModuleId !== undefined ? { afterModuleId: input.afterModuleId } : {}),
        ...(input.accepts !== undefined ? { accepts: JSON.stringify(input.accepts) } : {}),
        ...(input.maxFiles !== undefined ? { maxFiles: input.maxFiles } : {}),
        ...(input.approvalRequired !== undefined ? { approvalRequired: input.approvalRequired } : {}),
        updatedAt: now,
      });
  });
}

/** Hides the assignment: its submissions and files keep their history (and count for nothing any more). */
export async function deleteAssignment(deps: CatalogueCommandDeps, courseId: number, assignmentId: number): Promise<void> {
  await writeCatalogue(deps, async (trx) => {
    await lockedAssignment(trx, courseId, assignmentId);
    const now = deps.clock.now().getTime();
    await trx('assignments').where({ id: assignmentId }).update({ deletedAt: now, updatedAt: now });
  });
}

/** The assignment of this course, locked against a concurrent edit (MySQL; SQLite has one writer). */
async function lockedAssignment(trx: Knex.Transaction, courseId: number, assignmentId: number): Promise<LiveAssignment> {
  if (dialectOf(trx) === 'mysql') await trx('assignments').where({ id: assignmentId }).forUpdate().first('id');
  const live = await courseAssignment(trx, courseId, assignmentId);
  if (!live) throw notFound(ASSIGNMENT_NOT_FOUND);
  return live;
}

/** Turns on or off whether the school's managers see its members' submissions; answers the setting as stored. */
export async function setSubmissionSharing(db: Db, schoolId: number, managersSeeSubmissions: boolean): Promise<boolean> {
  const updated = await db('schools').where({ id: schoolId }).update({ managersSeeSubmissions });
  if (!updated) throw notFound('School not found');
  return managersSeeSubmissions;
}

/** Deletes a course's assignments with every round and file (the course is being deleted). */
export async function deleteAssignmentsOf(trx: Knex.Transaction, deps: FileDeps, courseId: number): Promise<void> {
  const assignments = trx('assignments').select('id').where({ courseId });
  const rounds = trx('submissions').select('id').whereIn('assignmentId', assignments);
  const fileIds = (await trx('submissionFiles').whereIn('submissionId', rounds).select('fileId')).map((row) => Number(row.fileId));
  await trx('submissionFiles').whereIn('submissionId', rounds).delete();
  await releaseFiles(trx, deps, fileIds);
  await trx('assignmentResults').whereIn('assignmentId', assignments).delete();
  await trx('submissions').whereIn('assignmentId', assignments).delete();
  await trx('assignments').where({ courseId }).delete();
}
