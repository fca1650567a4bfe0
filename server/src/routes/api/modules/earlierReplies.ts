import { THREAD_REPLIES_SHOWN } from '@atrium/common';
import type { PageReplyRow } from '../../../queries/comments.ts';
import { encodeCursor } from '../../pageCursor.ts';

/**
 * Per thread whose page leaves replies out: how many the reader can see, and the cursor before
 * the oldest of its latest replies (the marked answer, carried wherever it falls, is not one).
 */
export function earlierOf(replies: readonly PageReplyRow[]): Map<number, { replyCount: number; earlierCursor: string }> {
  const earlier = new Map<number, { replyCount: number; earlierCursor: string }>();
  for (const reply of replies) {
    if (reply.replyCount <= THREAD_REPLIES_SHOWN || reply.latestRank > THREAD_REPLIES_SHOWN) continue;
    const threadId = Number(reply.parentId);
    // Oldest first: the first of a thread's latest replies met is where the earlier ones end.
    if (!earlier.has(threadId))
      earlier.set(threadId, { replyCount: reply.replyCount, earlierCursor: encodeCursor({ at: Number(reply.createdAt), id: Number(reply.id) }) });
  }
  return earlier;
}
