import { deadlineSchema, trustCourseParams, trustDeadlinesDtoSchema, trustParams, type DeadlineInput, type TrustDeadlinesDto } from '@atrium/common';
import { clearTrustDeadline, setTrustDeadline } from '../../commands/deadlines.ts';
import type { AppContext } from '../../context.ts';
import type { User } from '../../models/User.ts';
import { presentTrustCourseDeadline } from '../../presenters/deadlines.ts';
import { trustDeadlines } from '../../queries/deadlines.ts';
import type { Routes } from '../define.ts';
import type { OwnerRoutesOptions } from './options.ts';

async function answerTrustDeadlines(ctx: AppContext, trustId: number): Promise<void> {
  ctx.body = { courses: (await trustDeadlines(ctx.deps.db, trustId)).map(presentTrustCourseDeadline) } satisfies TrustDeadlinesDto;
}

async function answerSetTrustDeadline(ctx: AppContext, user: User, trustId: number, courseId: number, input: DeadlineInput): Promise<void> {
  await setTrustDeadline(ctx.deps.db, trustId, courseId, input, user.id, ctx.now());
  ctx.state.log.info({ trustId, courseId, by: user.id, ...input }, 'trust deadline set');
  await answerTrustDeadlines(ctx, trustId);
}

async function answerClearTrustDeadline(ctx: AppContext, user: User, trustId: number, courseId: number): Promise<void> {
  if (await clearTrustDeadline(ctx.deps.db, trustId, courseId)) ctx.state.log.info({ trustId, courseId, by: user.id }, 'trust deadline removed');
  await answerTrustDeadlines(ctx, trustId);
}

/**
 * A trust's deadlines under `base` (one per course for every school of the trust): list, set,
 * clear. Mounted for the trust's own managers (api/trusts/deadlines.ts) and the agency's admins
 * for any trust (api/admin/trustDeadlines.ts); a school's manager sets their own school's (earlier)
 * date under /api/schools.
 */
export function trustDeadlineRoutes(routes: Routes, { base, access, policy }: OwnerRoutesOptions): void {
  routes.add({
    method: 'get',
    path: `${base}/deadlines`,
    access,
    params: trustParams,
    policy,
    answer: { body: trustDeadlinesDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      await answerTrustDeadlines(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/deadlines/:courseId`,
    access,
    params: trustCourseParams,
    body: deadlineSchema,
    policy,
    answer: { body: trustDeadlinesDtoSchema },
    async handler(ctx) {
      await answerSetTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/deadlines/:courseId`,
    access,
    params: trustCourseParams,
    policy,
    answer: { body: trustDeadlinesDtoSchema },
    async handler(ctx) {
      await answerClearTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId);
    },
  });
}
