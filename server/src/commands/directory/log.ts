import type { DirectoryAction } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import type { DirectoryCaller } from './people.ts';

/** One line of the sync log, for the school (and, for a trust token, the trust) it concerns. */
export async function logDirectoryEvent(
  db: Db,
  caller: Pick<DirectoryCaller, 'owner'>,
  schoolId: number | null,
  action: DirectoryAction,
  email: string | null,
  detail: string,
  at: number,
): Promise<void> {
  await db('directoryEvents').insert({
    schoolId,
    trustId: caller.owner.kind === 'trust' ? caller.owner.id : null,
    action,
    email,
    detail: detail.slice(0, 300),
    at,
  });
}

/** How long a line of the sync log is kept (a school year and a term: long enough to answer "when did they go?"). */
export const DIRECTORY_LOG_KEPT_MS = 400 * 24 * 60 * 60_000;

/**
 * Deletes the sync log's lines older than DIRECTORY_LOG_KEPT_MS: each names a person's address,
 * and the log is read from its newest lines. In chunks, so no delete holds the table for long.
 * Returns how many lines went.
 */
export async function pruneDirectoryLog(db: Db, now: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = await db('directoryEvents')
      .where('at', '<', now - DIRECTORY_LOG_KEPT_MS)
      .limit(1000)
      .pluck('id');
    if (!ids.length) return deleted;
    deleted += await db('directoryEvents').whereIn('id', ids).delete();
  }
}
