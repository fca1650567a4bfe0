import { deadlineSchema, trustCourseParams, trustParams, type DeadlineInput, type TrustDeadlinesDto } from '@atrium/common';
import { clearTrustDeadline, setTrustDeadline } from '../../../commands/deadlines.ts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { trustDeadlines } from '../../../queries/deadlines.ts';
import type { Routes } from '../../define.ts';

const now = (ctx: AppContext) => ctx.deps.clock.now().getTime();

// The answers below are shared by the trust manager's routes here and the admin's (admin/trustDeadlines.ts).

export async function answerTrustDeadlines(ctx: AppContext, trustId: number): Promise<void> {
  ctx.body = { courses: await trustDeadlines(ctx.deps.db, trustId) } satisfies TrustDeadlinesDto;
}

export async function answerSetTrustDeadline(ctx: AppContext, user: User, trustId: number, courseId: number, input: DeadlineInput): Promise<void> {
  await setTrustDeadline(ctx.deps.db, trustId, courseId, input, user.id, now(ctx));
  ctx.state.log.info({ trustId, courseId, by: user.id, ...input }, 'trust deadline set');
  await answerTrustDeadlines(ctx, trustId);
}

export async function answerClearTrustDeadline(ctx: AppContext, user: User, trustId: number, courseId: number): Promise<void> {
  if (await clearTrustDeadline(ctx.deps.db, trustId, courseId)) ctx.state.log.info({ trustId, courseId, by: user.id }, 'trust deadline removed');
  await answerTrustDeadlines(ctx, trustId);
}

/**
 * The trust's deadlines (/trust): one per course for every school of the trust. Only the trust's
 * own managers; a school's manager sets their own school's (earlier) date under /api/schools.
 */
export function trustDeadlineRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/trusts/:id/deadlines',
    access: 'user',
    params: trustParams,
    policy: trustManager,
    cache: 'no-store',
    async handler(ctx) {
      await answerTrustDeadlines(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/trusts/:id/deadlines/:courseId',
    access: 'user',
    params: trustCourseParams,
    body: deadlineSchema,
    policy: trustManager,
    async handler(ctx) {
      await answerSetTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/trusts/:id/deadlines/:courseId',
    access: 'user',
    params: trustCourseParams,
    policy: trustManager,
    async handler(ctx) {
      await answerClearTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId);
    },
  });
}
