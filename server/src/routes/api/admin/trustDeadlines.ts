import { deadlineSchema, trustCourseParams, trustParams } from '@atrium/common';
import { adminOfTrust } from '../../../policies/trusts.ts';
import type { Routes } from '../../define.ts';
import { answerClearTrustDeadline, answerSetTrustDeadline, answerTrustDeadlines } from '../trusts/deadlines.ts';

/** Any trust's deadlines, for the agency's admins (a trust's own managers: trusts/deadlines.ts). */
export function adminTrustDeadlineRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/trusts/:id/deadlines',
    access: 'admin',
    params: trustParams,
    policy: adminOfTrust,
    cache: 'no-store',
    async handler(ctx) {
      await answerTrustDeadlines(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/trusts/:id/deadlines/:courseId',
    access: 'admin',
    params: trustCourseParams,
    body: deadlineSchema,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerSetTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/deadlines/:courseId',
    access: 'admin',
    params: trustCourseParams,
    policy: adminOfTrust,
    async handler(ctx) {
      await answerClearTrustDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId);
    },
  });
}
