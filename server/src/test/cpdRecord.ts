import { Readable } from 'node:stream';
import type { Db } from '../db/knex.ts';
import { newStorageKey, type FileStorage } from '../services/storage/index.ts';
import { hashToken, newToken } from '../services/tokens.ts';
import { pdfBytes } from './files.ts';

/** Puts a PDF in storage as the evidence of an external CPD entry, as the upload route would. */
export async function attachTestEvidence(deps: { db: Db; storage: FileStorage }, entryId: number, now = Date.now()): Promise<void> {
  const key = newStorageKey('evidence');
  const stored = await deps.storage.put(key, Readable.from([pdfBytes('evidence')]), { contentType: 'application/pdf' });
  const [fileId] = await deps
    .db('storedFiles')
    .insert({ storageKey: key, contentType: 'application/pdf', size: stored.size, sha256: stored.sha256, createdAt: now });
  await deps
    .db('externalCpd')
    .where({ id: entryId })
    .update({ evidenceFileId: Number(fileId), evidenceName: 'evidence.pdf' });
}

/** A working share link of the person's record: its row id and its token. */
export async function insertTestShare(db: Db, userId: number, now = Date.now()): Promise<{ id: number; token: string }> {
  const token = newToken();
  const [id] = await db('transcriptShares').insert({ userId, tokenHash: hashToken(token), label: '', createdAt: now, revokedAt: null });
  return { id: Number(id), token };
}
