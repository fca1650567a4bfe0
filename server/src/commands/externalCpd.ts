import { quarterHoursOf, type ExternalCpdInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { insertAndFetch } from '../db/insertAndFetch.ts';
import type { ExternalCpd } from '../db/tables.ts';
import { badRequest, notFound } from '../errors.ts';

/** Adds training done elsewhere to the person's transcript (issue 59); a date after today is refused. */
export async function addExternalCpd(db: Db, userId: number, input: ExternalCpdInput, now: Date): Promise<ExternalCpd> {
  // A day ahead of UTC's today allows for a person east of Greenwich whose day has already turned.
  const latest = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  if (input.completedOn > latest)
    throw badRequest('The date it was completed cannot be in the future', { completedOn: 'The date it was completed cannot be in the future' });
  return db.transaction((trx) =>
    insertAndFetch(trx, 'externalCpd', {
      userId,
      title: input.title,
      provider: input.provider,
      completedOn: input.completedOn,
      quarterHours: quarterHoursOf(input.cpdHours)!,
      createdAt: now.getTime(),
    }),
  );
}

/** Removes one of the person's own entries; anyone else's (or none) is 404, so ids cannot be probed. */
export async function deleteExternalCpd(db: Db, userId: number, id: number): Promise<void> {
  if (!(await db('externalCpd').where({ id, userId }).delete())) throw notFound('Entry not found');
}
