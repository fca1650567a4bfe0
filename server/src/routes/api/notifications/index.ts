import { notificationsDtoSchema } from '@atrium/common';
import { markRepliesSeen } from '../../../commands/discussionFollows.ts';
import { canModerateComments } from '../../../policies/comments.ts';
import { presentNotifications } from '../../../presenters/comments.ts';
import { replyNotifications } from '../../../queries/discussionNotifications.ts';
import type { AppDeps } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import type { Routes } from '../../define.ts';

/** Replies the bell lists; more wait in the discussions themselves. */
const LISTED = 10;
/** The badge reads "99+" beyond this. */
const COUNTED = 100;

const answer = async ({ db }: AppDeps, user: User) =>
  presentNotifications(
    await replyNotifications(
      db,
      // Admins read every course's discussion; others those they are enrolled in (policies/courseAccess.ts).
      { userId: user.id, readsEveryCourse: canModerateComments(user), seesModerated: canModerateComments(user) },
      { limit: LISTED, countUpTo: COUNTED },
    ),
  );

/** The header's bell (issue 58): replies to the caller's comments, and which they have not seen. */
export function notificationRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/notifications',
    access: 'user',
    cache: 'no-store',
    answer: { body: notificationsDtoSchema },
    async handler(ctx) {
      ctx.body = await answer(ctx.deps, ctx.state.user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/notifications/seen',
    access: 'user',
    cache: 'no-store',
    answer: { body: notificationsDtoSchema },
    async handler(ctx) {
      await markRepliesSeen(ctx.deps.db, ctx.deps.clock, ctx.state.user.id);
      ctx.body = await answer(ctx.deps, ctx.state.user);
    },
  });
}
