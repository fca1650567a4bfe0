import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { afterCommit } from '../services/afterCommit.ts';
import type { FileStorage, ReceivedFile } from '../services/storage/index.ts';

/** What a command that keeps or lets go of stored files needs beside its transaction. */
export interface FileDeps {
  storage: FileStorage;
  logger: Logger;
}

/**
 * Every column that references `storedFiles`: a stored file is deleted once none of them names
 * it. A feature that keeps files (assignments, captions) adds its column here.
 */
const FILE_REFERENCES = [
  { table: 'resources', column: 'fileId' },
  { table: 'submissionFiles', column: 'fileId' },
  { table: 'externalCpd', column: 'evidenceFileId' },
] as const;

/** Records an object that has just been written to storage; its row is what references point at. */
export async function recordStoredFile(trx: Knex.Transaction, file: ReceivedFile, now: number): Promise<number> {
  const [id] = await trx('storedFiles').insert({ storageKey: file.key, contentType: file.contentType, size: file.size, sha256: file.sha256, createdAt: now });
  return Number(id);
}

/**
 * Deletes the rows of the given stored files that nothing references any more (call it after
 * deleting or re-pointing the references, in the same transaction), and their objects once that
 * transaction has committed: never before, so a rollback cannot leave a row without its bytes.
 * An object whose deletion fails is logged and left (an orphan costs disk, not correctness).
 */
export async function releaseFiles(trx: Knex.Transaction, deps: FileDeps, fileIds: number[]): Promise<void> {
  const candidates = [...new Set(fileIds)];
  if (!candidates.length) return;
  const referenced = new Set<number>();
  for (const { table, column } of FILE_REFERENCES) {
    const rows: Array<Record<string, unknown>> = await trx(table).distinct(column).whereIn(column, candidates);
    for (const row of rows) referenced.add(Number(row[column]));
  }
  const unreferenced = candidates.filter((id) => !referenced.has(id));
  if (!unreferenced.length) return;
  const keys = (await trx('storedFiles').select('storageKey').whereIn('id', unreferenced)).map((row) => row.storageKey);
  await trx('storedFiles').whereIn('id', unreferenced).delete();
  afterCommit(trx, () => {
    for (const key of keys) {
      deps.storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, 'could not delete a stored file no longer referenced'));
    }
  });
}

/** Deletes an object that was stored for a write that then failed (nothing references it). */
export async function discardUpload(deps: FileDeps, file: ReceivedFile): Promise<void> {
  await deps.storage
    .delete(file.key)
    .catch((error: unknown) => deps.logger.error({ err: error, key: file.key }, 'could not delete an upload whose write failed'));
}
