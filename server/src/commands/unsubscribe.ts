import type { Db } from '../db/knex.ts';
import type { Clock } from '../services/clock.ts';
import type { UnsubscribeTarget } from '../services/unsubscribe.ts';

/** Records that the user wants no more mail of this category; unsubscribing twice changes nothing. */
export async function unsubscribe(db: Db, clock: Clock, target: UnsubscribeTarget): Promise<void> {
  await db('unsubscribes')
    .insert({ userId: target.userId, category: target.category, createdAt: clock.now().getTime() })
    .onConflict(['userId', 'category'])
    .ignore();
}
