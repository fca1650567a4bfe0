import { deadlineSchema, schoolCourseParams, schoolParams, trainingCountsQuery, trainingStatusQuery } from '@atrium/common';
import { adminOfSchool } from '../../../policies/schools.ts';
import { adminDeadlineSetter } from '../../../policies/deadlines.ts';
import type { Routes } from '../../define.ts';
import { answerClearDeadline, answerDeadlines, answerSetDeadline, answerTrainingCounts, answerTrainingStatus } from '../schools/deadlines.ts';

/** Deadlines and training statuses of any school, for the agency's admins (a school's managers: deadlines/). */
export function adminSchoolDeadlineRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id/deadlines',
    access: 'admin',
    params: schoolParams,
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerDeadlines(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/admin/schools/:id/deadlines/:courseId',
    access: 'admin',
    params: schoolCourseParams,
    body: deadlineSchema,
    policy: adminDeadlineSetter,
    async handler(ctx) {
      await answerSetDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId, ctx.input.body);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/schools/:id/deadlines/:courseId',
    access: 'admin',
    params: schoolCourseParams,
    policy: adminOfSchool,
    async handler(ctx) {
      await answerClearDeadline(ctx, ctx.state.user, ctx.input.params.id, ctx.input.params.courseId);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id/training-status',
    access: 'admin',
    params: schoolParams,
    query: trainingStatusQuery,
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerTrainingStatus(ctx, ctx.input.params.id, ctx.input.query);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id/training-status/counts',
    access: 'admin',
    params: schoolParams,
    query: trainingCountsQuery,
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerTrainingCounts(ctx, ctx.input.params.id, ctx.input.query);
    },
  });
}
