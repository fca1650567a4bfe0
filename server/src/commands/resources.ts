import { isResourceContentType, resourceFileName } from '@atrium/common';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Clock } from '../services/clock.ts';
import type { ReceivedFile } from '../services/storage/index.ts';
import { discardUpload, recordStoredFile, releaseFiles, type FileDeps } from './storedFiles.ts';

export type ResourceDeps = FileDeps & { db: Db; clock: Clock };

/** A course's own resource list (moduleId null) or one module's. */
export type ResourceList = { courseId: number; moduleId: null } | { moduleId: number };

export interface ResourceFields {
  title: string;
  description: string;
}

/** Which list a new resource joins, checked inside the transaction: the course, or the module (and its course). */
async function resolveList(trx: Knex.Transaction, list: ResourceList): Promise<{ courseId: number; moduleId: number | null }> {
  if (list.moduleId === null) {
    const course = await trx('courses').select('id').where({ id: list.courseId }).first();
    if (!course) throw notFound('Course not found');
    return { courseId: list.courseId, moduleId: null };
  }
  const module = await trx('modules').select('id', 'courseId').where({ id: list.moduleId }).first();
  if (!module) throw notFound('Module not found');
  return { courseId: Number(module.courseId), moduleId: list.moduleId };
}

function listQuery(trx: Knex.Transaction, list: { courseId: number; moduleId: number | null }) {
  const query = trx('resources').where({ courseId: list.courseId });
  return list.moduleId === null ? query.whereNull('moduleId') : query.where({ moduleId: list.moduleId });
}

function downloadName(file: ReceivedFile, title: string): string {
  if (!isResourceContentType(file.contentType)) throw new Error(`receiveFile accepted ${file.contentType}`);
  return resourceFileName(file.clientName, file.contentType, title);
}

/**
 * Attaches a stored upload to a course or a module, at the end of its list. The upload is
 * deleted from storage if the write fails (an unknown course or module, say).
 */
export async function attachResource(deps: ResourceDeps, list: ResourceList, fields: ResourceFields, file: ReceivedFile): Promise<number> {
  const now = deps.clock.now().getTime();
  try {
    return await deps.db.transaction(async (trx) => {
      const target = await resolveList(trx, list);
      const last = await listQuery(trx, target).max({ position: 'position' }).first();
      const fileId = await recordStoredFile(trx, file, now);
      const [id] = await trx('resources').insert({
        ...target,
        fileId,
        title: fields.title,
        description: fields.description,
        fileName: downloadName(file, fields.title),
        position: Number(last?.position ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      });
      return Number(id);
    });
  } catch (error) {
    await discardUpload(deps, file);
    throw error;
  }
}

export async function updateResource(deps: ResourceDeps, id: number, fields: ResourceFields): Promise<void> {
  const updated = await deps
    .db('resources')
    .where({ id })
    .update({ title: fields.title, description: fields.description, updatedAt: deps.clock.now().getTime() });
  if (!updated) throw notFound('Resource not found');
}

/** Puts a new file in a resource's place (same title, same position); the old file goes once nothing references it. */
export async function replaceResourceFile(deps: ResourceDeps, id: number, file: ReceivedFile): Promise<void> {
  const now = deps.clock.now().getTime();
  try {
    await deps.db.transaction(async (trx) => {
      const resource = await trx('resources').select('id', 'fileId', 'title').where({ id }).forUpdate().first();
      if (!resource) throw notFound('Resource not found');
      const fileId = await recordStoredFile(trx, file, now);
      await trx('resources')
        .where({ id })
        .update({ fileId, fileName: downloadName(file, resource.title), updatedAt: now });
      await releaseFiles(trx, deps, [Number(resource.fileId)]);
    });
  } catch (error) {
    await discardUpload(deps, file);
    throw error;
  }
}

/** Removes a resource; its file is deleted from storage when this was its last reference. */
export async function removeResource(deps: ResourceDeps, id: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const resource = await trx('resources').select('fileId').where({ id }).first();
    if (!resource) throw notFound('Resource not found');
    await trx('resources').where({ id }).delete();
    await releaseFiles(trx, deps, [Number(resource.fileId)]);
  });
}

/** Puts a course's or a module's resources in the given order; the list must name each of them exactly once. */
export async function reorderResources(deps: ResourceDeps, list: ResourceList, resourceIds: number[]): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const target = await resolveList(trx, list);
    const current = new Set((await listQuery(trx, target).select('id').forUpdate()).map((row) => Number(row.id)));
    const exact = resourceIds.length === current.size && new Set(resourceIds).size === resourceIds.length && resourceIds.every((id) => current.has(id));
    if (!exact) {
      throw badRequest('The list must contain each of its resources exactly once', { resourceIds: 'Send every resource id of this list once' });
    }
    const now = deps.clock.now().getTime();
    for (const [index, id] of resourceIds.entries())
      await trx('resources')
        .where({ id })
        .update({ position: index + 1, updatedAt: now });
  });
}

/**
 * Deletes the resources of a course (all of them) or of one module, inside the catalogue command
 * that deletes it, and lets their files go once it commits.
 */
export async function deleteResourcesOf(trx: Knex.Transaction, deps: FileDeps, owner: { courseId: number } | { moduleId: number }): Promise<void> {
  const rows = await trx('resources').select('fileId').where(owner);
  if (!rows.length) return;
  await trx('resources').where(owner).delete();
  await releaseFiles(
    trx,
    deps,
    rows.map((row) => Number(row.fileId)),
  );
}
