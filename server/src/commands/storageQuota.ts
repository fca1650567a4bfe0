import { formatFileSize } from '@atrium/common';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Db } from '../db/knex.ts';
import { HttpError } from '../errors.ts';
import { accountStorageBytesOf } from '../queries/accountStorage.ts';
import { addressConfirmed } from '../queries/users.ts';

export type StorageQuotaConfig = Pick<Config, 'submissionStorageQuota' | 'unconfirmedStorageQuota'>;

/** "4.8 GB", "300 MB", "820 KB": an amount of storage as the refusal states it. */
function storageAmount(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : formatFileSize(bytes);
}

/**
 * Refuses a file that would take what the account keeps in storage (submission files and CPD
 * evidence, one quota: SUBMISSION_STORAGE_QUOTA_MB) past the quota: 413, saying how much is used
 * and allowed. `freeing` is what the write lets go of (the evidence file a new one replaces), so a
 * replacement at the quota is not refused. Call it under the account's lock (lockLearner) where
 * the file is recorded, so uploads finishing at once cannot each fit alone.
 */
export async function checkStorageQuota(db: Db | Knex.Transaction, config: StorageQuotaConfig, userId: number, adding: number, freeing = 0): Promise<void> {
  const used = await accountStorageBytesOf(db, userId);
  if (used - freeing + adding <= config.submissionStorageQuota) {
    // Accounts cost nothing to make: one whose address nobody has confirmed keeps less (UNCONFIRMED_STORAGE_QUOTA_MB).
    if (used - freeing + adding <= config.unconfirmedStorageQuota) return;
    if (await addressConfirmed(db, userId)) return;
    const unproven =
      `Until you confirm your e-mail address, an account may keep ${storageAmount(config.unconfirmedStorageQuota)} of files, so this ${storageAmount(adding)} file does not fit. ` +
      'Open the link we e-mailed you (your profile sends a new one), then upload it again.';
    throw new HttpError(413, 'file_too_large', unproven, { file: unproven });
  }
  const message =
    `Your files take ${storageAmount(used)} of the ${storageAmount(config.submissionStorageQuota)} an account may keep, ` +
    `so this ${storageAmount(adding)} file does not fit. Remove a file you no longer need (from a draft or your CPD record), or ask support for more room.`;
  throw new HttpError(413, 'file_too_large', message, { file: message });
}
