import { deleteAssignmentsOf } from '../assignments.ts';
import type { CourseInput, CourseUpdateInput } from '@atrium/common';
import type { Knex } from 'knex';
import { retryOnDeadlock } from '../../db/deadlocks.ts';
import { notFound } from '../../errors.ts';
import { insertAndFetch } from '../../db/insertAndFetch.ts';
import type { Course } from '../../models/Course.ts';
import { priceColumns } from '../../models/coursePrices.ts';
import { cpdColumns } from '../../models/courseCpd.ts';
import { writeCatalogue, type CatalogueCommandDeps } from './write.ts';
import { deleteResourcesOf } from '../resources.ts';
import type { FileDeps } from '../storedFiles.ts';

const COURSE_NOT_FOUND = 'Course not found';

export async function createCourse(deps: CatalogueCommandDeps, input: CourseInput): Promise<Course> {
  return writeCatalogue(deps, async (trx) => {
    const timestamp = deps.clock.now().getTime();
    const { prices: _prices, cpdHours: _hours, ceus: _ceus, cpdStandards: _standards, ...fields } = input;
    return insertAndFetch(trx, 'courses', { ...fields, ...priceColumns(input), ...cpdColumns(input), createdAt: timestamp, updatedAt: timestamp });
  });
}

/** Changes the given fields. */
export async function updateCourse(deps: CatalogueCommandDeps, courseId: number, input: CourseUpdateInput): Promise<Course> {
  return writeCatalogue(deps, async (trx) => {
    const changes: Partial<Course> = { updatedAt: deps.clock.now().getTime() };
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    Object.assign(changes, priceColumns(input));
    if (input.thumbnail !== undefined) changes.thumbnail = input.thumbnail;
    if (input.salesVideoId !== undefined) changes.salesVideoId = input.salesVideoId;
    if (input.validityMonths !== undefined) changes.validityMonths = input.validityMonths;
    if (input.requiresWatching !== undefined) changes.requiresWatching = input.requiresWatching;
    if (input.passMark !== undefined) changes.passMark = input.passMark;
    if (input.quizRequired !== undefined) changes.quizRequired = input.quizRequired;
    Object.assign(changes, cpdColumns(input));
    if (!(await trx('courses').where({ id: courseId }).update(changes))) throw notFound(COURSE_NOT_FOUND);
    return (await trx('courses').where({ id: courseId }).first())!;
  });
}

/**
 * Deletes a course with its modules, enrollments, licences, progress and comments; certificates,
 * payments and orders keep their rows (their course id becomes null: the names were copied when
 * they were issued). Each table is emptied by a statement of its own rather than by the foreign
 * keys' cascades, which MySQL and MariaDB run without firing triggers: the triggers on `progress`
 * then see every row that goes. The course's figures go first, so those triggers find nothing to
 * recompute.
 */
export async function deleteCourse(deps: CatalogueCommandDeps & FileDeps, courseId: number): Promise<void> {
  // The progress rows are locked by learners' reports too, in their own order: run again once if
  // MySQL picks this as a deadlock's victim.
  const deleted = await retryOnDeadlock(() => writeCatalogue(deps, (trx) => deleteCourseRows(trx, courseId, deps)));
  if (!deleted) throw notFound(COURSE_NOT_FOUND);
}

async function deleteCourseRows(trx: Knex.Transaction, courseId: number, deps: FileDeps): Promise<number> {
  const modules = trx('modules').select('id').where({ courseId });
  await trx('courseProgress').where({ courseId }).delete();
  await trx('progress').where({ courseId }).delete();
  await trx('comments').whereIn('moduleId', modules).delete();
  await trx('enrollments').where({ courseId }).delete();
  await trx('schoolLicences').where({ courseId }).delete();
  await trx('trustLicences').where({ courseId }).delete();
  await deleteResourcesOf(trx, deps, { courseId });
  // Knowledge checks go with the course; the certificates keep their copied names and scores.
  const quizzes = trx('quizzes').select('id').where({ courseId });
  await trx('quizDraws').whereIn('quizId', quizzes).delete();
  await trx('quizResults').whereIn('quizId', quizzes).delete();
  await trx('quizAttempts').whereIn('quizId', quizzes).delete();
  await trx('quizVersions').whereIn('quizId', quizzes).delete();
  await trx('quizzes').where({ courseId }).delete();
  // Assignments go with the course, and the learners' work with them: the files' objects are
  // deleted from storage once this transaction has committed.
  await deleteAssignmentsOf(trx, deps, courseId);
  await trx('modules').where({ courseId }).delete();
  return trx('courses').where({ id: courseId }).delete();
}
