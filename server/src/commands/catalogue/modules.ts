import type { ModuleInput, ModuleUpdateInput } from '@atrium/common';
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../errors.ts';
import { dialectOf } from '../../db/knex.ts';
import { retryOnDeadlock } from '../../db/deadlocks.ts';
import type { Module } from '../../models/Module.ts';
import { writeCatalogue, type CatalogueCommandDeps } from './write.ts';
import { deleteResourcesOf } from '../resources.ts';
import type { FileDeps } from '../storedFiles.ts';

// A course's modules are always numbered 1..n. Every write that changes the set or the order
// renumbers inside the same transaction, with the course row locked on MySQL (SQLite already has a
// single writer), so two admins editing at once cannot leave gaps or duplicate positions.

const COURSE_NOT_FOUND = 'Course not found';
const MODULE_NOT_FOUND = 'Module not found';

/** Locks the course and lists its module ids in display order; null when there is no such course. */
async function lockCourseModules(trx: Knex.Transaction, courseId: number): Promise<number[] | null> {
  const courseQuery = trx('courses').select('id').where({ id: courseId });
  if (dialectOf(trx) === 'mysql') courseQuery.forUpdate();
  if (!(await courseQuery.first())) return null;
  const rows: Array<{ id: number }> = await trx('modules').select('id').where({ courseId }).orderBy('orderIndex').orderBy('id');
  return rows.map((row) => Number(row.id));
}

/** Numbers the modules 1..n in the given order with a single UPDATE. */
async function writeOrder(trx: Knex.Transaction, orderedIds: number[], now: number): Promise<void> {
  if (orderedIds.length === 0) return;
  const cases = orderedIds.map(() => 'WHEN ? THEN ?').join(' ');
  await trx('modules')
    .whereIn('id', orderedIds)
    .update({
      orderIndex: trx.raw(`CASE ?? ${cases} END`, ['id', ...orderedIds.flatMap((id, index) => [id, index + 1])]),
      updatedAt: now,
    });
}

/** The ids with `id` moved to a 1-based position, clamped to the ends of the list. */
function moveTo(orderedIds: number[], id: number, position: number): number[] {
  const rest = orderedIds.filter((other) => other !== id);
  const index = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/** Adds a module at the end of its course, or at `orderIndex` when given (later ones move down). */
export async function createModule(deps: CatalogueCommandDeps, input: ModuleInput): Promise<Module> {
  return writeCatalogue(deps, async (trx) => {
    const orderedIds = await lockCourseModules(trx, input.courseId);
    if (!orderedIds) throw notFound(COURSE_NOT_FOUND);
    const timestamp = deps.clock.now().getTime();
    const [inserted] = await trx('modules').insert({
      courseId: input.courseId,
      title: input.title,
      description: input.description,
      vimeoVideoId: input.vimeoVideoId.id,
      vimeoHash: input.vimeoVideoId.hash,
      duration: input.duration,
      orderIndex: orderedIds.length + 1,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
    const id = Number(inserted);
    if (input.orderIndex !== undefined && input.orderIndex <= orderedIds.length) {
      await writeOrder(trx, moveTo([...orderedIds, id], id, input.orderIndex), timestamp);
    }
    return (await trx('modules').where({ id }).first())!;
  });
}

/** Changes the given fields; a new orderIndex moves the module there. It cannot change course. */
export async function updateModule(deps: CatalogueCommandDeps, moduleId: number, input: ModuleUpdateInput): Promise<Module> {
  return writeCatalogue(deps, async (trx) => {
    const existing = await trx('modules').where({ id: moduleId }).first();
    if (!existing) throw notFound(MODULE_NOT_FOUND);
    if (input.courseId !== undefined && input.courseId !== existing.courseId) {
      throw badRequest('A module cannot be moved to another course', { courseId: 'Create the module in the other course instead' });
    }
    const orderedIds = await lockCourseModules(trx, existing.courseId);
    // Deleted by someone else between the read and the lock.
    if (!orderedIds?.includes(moduleId)) throw notFound(MODULE_NOT_FOUND);
    const changes: Partial<Record<keyof Module, string | number | null>> = { updatedAt: deps.clock.now().getTime() };
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.duration !== undefined) changes.duration = input.duration;
    if (input.vimeoVideoId !== undefined) {
      changes.vimeoVideoId = input.vimeoVideoId.id;
      changes.vimeoHash = input.vimeoVideoId.hash;
    }
    await trx('modules')
      .where({ id: moduleId })
      .update(changes as Partial<Module>);
    if (input.orderIndex !== undefined && input.orderIndex !== orderedIds.indexOf(moduleId) + 1) {
      await writeOrder(trx, moveTo(orderedIds, moduleId, input.orderIndex), deps.clock.now().getTime());
    }
    return (await trx('modules').where({ id: moduleId }).first())!;
  });
}

/**
 * Deletes a module with its progress and comments, and closes the gap in the numbering. The
 * progress rows go by a statement of their own rather than by the foreign key's cascade, which
 * MySQL and MariaDB run without firing triggers: the triggers on `progress` then recompute each
 * learner's figures for the course without the module.
 */
export async function deleteModule(deps: CatalogueCommandDeps & FileDeps, moduleId: number): Promise<void> {
  // The recompute locks the figures of every learner of the module, which their progress reports
  // lock too, in their own order: run again (retryOnDeadlock) if MySQL picks this as a deadlock's victim.
  await retryOnDeadlock(() =>
    writeCatalogue(deps, async (trx) => {
      const existing = await trx('modules').where({ id: moduleId }).first();
      if (!existing) throw notFound(MODULE_NOT_FOUND);
      const orderedIds = await lockCourseModules(trx, existing.courseId);
      await trx('progress').where({ moduleId }).delete();
      await trx('comments').where({ moduleId }).delete();
      await deleteResourcesOf(trx, deps, { moduleId });
      // A knowledge check that followed this module now follows the one before it (at the end when there is none).
      const index = (orderedIds ?? []).indexOf(moduleId);
      const previous = index > 0 ? orderedIds![index - 1]! : null;
      await trx('quizzes').where({ afterModuleId: moduleId }).update({ afterModuleId: previous });
      await trx('modules').where({ id: moduleId }).delete();
      await writeOrder(
        trx,
        (orderedIds ?? []).filter((id) => id !== moduleId),
        deps.clock.now().getTime(),
      );
    }),
  );
}

/** Puts a course's modules in the given order; the list must name each of them exactly once. */
export async function reorderModules(deps: CatalogueCommandDeps, courseId: number, moduleIds: number[]): Promise<void> {
  await writeCatalogue(deps, async (trx) => {
    const orderedIds = await lockCourseModules(trx, courseId);
    if (!orderedIds) throw notFound(COURSE_NOT_FOUND);
    const current = new Set(orderedIds);
    const exact = moduleIds.length === current.size && new Set(moduleIds).size === moduleIds.length && moduleIds.every((id) => current.has(id));
    if (!exact) {
      throw badRequest("The list must contain each of the course's modules exactly once", { moduleIds: 'Send every module id of this course once' });
    }
    await writeOrder(trx, moduleIds, deps.clock.now().getTime());
  });
}
