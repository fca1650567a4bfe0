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
