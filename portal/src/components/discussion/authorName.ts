import type { DiscussionCommentDto } from '@atrium/common';
import { displayName } from '../Avatar.tsx';

/** The name a comment is signed with: a deleted account's row reads "Former learner". */
export function authorName(comment: Pick<DiscussionCommentDto, 'userFirstName' | 'userLastName' | 'userEmail'>): string {
  return comment.userFirstName || comment.userLastName
    ? displayName({ firstName: comment.userFirstName, lastName: comment.userLastName, email: comment.userEmail ?? null })
    : 'Learner';
}
