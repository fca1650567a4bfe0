import { CPD_EVIDENCE_TYPES, EXTERNAL_CPD_MAX_ENTRIES, isCpdEvidenceType, nameWithExtension, quarterHoursOf, type ExternalCpdInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import type { ExternalCpd } from '../db/tables.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import type { ReceivedFile } from '../services/storage/index.ts';
import { checkStorageQuota, type StorageQuotaConfig } from './storageQuota.ts';
import { lockLearner } from './courseCompletion.ts';
import { discardUpload, recordStoredFile, releaseFiles, type FileDeps } from './storedFiles.ts';

export const ENTRY_NOT_FOUND = 'Entry not found';

export const TOO_MANY_ENTRIES = `A transcript can hold at most ${EXTERNAL_CPD_MAX_ENTRIES} entries of training done elsewhere: remove one you no longer need first`;

/**
 * Adds training done elsewhere to the person's transcript (issue 59); a date after today is
 * refused, and so is an entry past EXTERNAL_CPD_MAX_ENTRIES (409), counted under the person's
 * lock so entries added at once cannot pass it together.
 */
export async function addExternalCpd(db: Db, userId: number, input: ExternalCpdInput, now: Date): Promise<ExternalCpd> {
  // A day ahead of UTC's today allows for a person east of Greenwich whose day has already turned.
  const latest = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  if (input.completedOn > latest)
    throw badRequest('The date it was completed cannot be in the future', { completedOn: 'The date it was completed cannot be in the future' });
  return db.transaction(async (trx) => {
    await lockLearner(trx, userId);
    const row = await trx('externalCpd').where({ userId }).count({ n: '*' }).first();
    if (Number(row?.n ?? 0) >= EXTERNAL_CPD_MAX_ENTRIES) throw conflict(TOO_MANY_ENTRIES);
    return insertAndFetch(trx, 'externalCpd', {
      userId,
      title: input.title,
      provider: input.provider,
      completedOn: input.completedOn,
      quarterHours: quarterHoursOf(input.cpdHours)!,
      createdAt: now.getTime(),
      evidenceFileId: null,
      evidenceName: null,
    });
  });
}

/** Removes one of the person's own entries (and its evidence file); anyone else's (or none) is 404, so ids cannot be probed. */
export async function deleteExternalCpd(deps: FileDeps & { db: Db }, userId: number, id: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const entry = await trx('externalCpd').where({ id, userId }).first('id', 'evidenceFileId');
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    await trx('externalCpd').where({ id }).delete();
    if (entry.evidenceFileId != null) await releaseFiles(trx, deps, [Number(entry.evidenceFileId)]);
  });
}

/** The name evidence is downloaded as: the uploaded name, ending in the extension of what its bytes are. */
export function evidenceFileName(uploadedName: string, contentType: string, title: string): string {
  const extension = isCpdEvidenceType(contentType) ? CPD_EVIDENCE_TYPES[contentType] : 'bin';
  return nameWithExtension(uploadedName, extension, `Evidence for ${title}`);
}

/**
 * Puts a stored upload as the evidence of one of the person's entries, in place of any earlier
 * file (deleted once nothing references it). Evidence counts against the account's storage quota
 * with its submission files (413 past it). Someone else's entry is 404 and the upload is deleted,
 * as it is when anything else fails.
 */
export async function attachEvidence(
  deps: FileDeps & { db: Db; now: number; config: StorageQuotaConfig },
  userId: number,
  id: number,
  file: ReceivedFile,
): Promise<ExternalCpd> {
  try {
    return await deps.db.transaction(async (trx) => {
      // The same lock as submission files take, so the quota holds however the uploads interleave.
      await lockLearner(trx, userId);
      const entry = await trx('externalCpd').where({ id, userId }).forUpdate().first();
      if (!entry) throw notFound(ENTRY_NOT_FOUND);
      const replaced = entry.evidenceFileId == null ? undefined : await trx('storedFiles').where({ id: entry.evidenceFileId }).first('size');
      await checkStorageQuota(trx, deps.config, userId, file.size, Number(replaced?.size ?? 0));
      const fileId = await recordStoredFile(trx, file, deps.now);
      const evidenceName = evidenceFileName(file.clientName, file.contentType, entry.title);
      await trx('externalCpd').where({ id }).update({ evidenceFileId: fileId, evidenceName });
      if (entry.evidenceFileId != null) await releaseFiles(trx, deps, [Number(entry.evidenceFileId)]);
      return { ...entry, evidenceFileId: fileId, evidenceName };
    });
  } catch (error) {
    await discardUpload(deps, file);
    throw error;
  }
}

/**
 * Takes the evidence off one of the person's entries; the file goes from storage once the change
 * commits. An entry without evidence is left as it is (asking twice is not an error).
 */
export async function removeEvidence(deps: FileDeps & { db: Db }, userId: number, id: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const entry = await trx('externalCpd').where({ id, userId }).forUpdate().first('id', 'evidenceFileId');
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    if (entry.evidenceFileId == null) return;
    await trx('externalCpd').where({ id }).update({ evidenceFileId: null, evidenceName: null });
    await releaseFiles(trx, deps, [Number(entry.evidenceFileId)]);
  });
}
