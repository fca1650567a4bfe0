import { myTrainingDtoSchema, type MyTrainingDto } from '@atrium/common';
import { z } from 'zod';
import { presentTrainingStatus } from '../../../presenters/deadlines.ts';
import { membershipOf } from '../../../queries/memberships.ts';
import { statusPage } from '../../../queries/trainingStatus.ts';
import type { Routes } from '../../define.ts';

/** The signed-in person's own training: each course their school licenses, its status and deadline. */
export function trainingRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/user/training',
    access: 'user',
    cache: 'no-store',
    answer: { body: z.array(myTrainingDtoSchema) },
    async handler(ctx) {
      const { db } = ctx.deps;
      const membership = await membershipOf(db, ctx.state.user.id);
      if (!membership) {
        ctx.body = [] satisfies MyTrainingDto[];
        return;
      }
      const page = await statusPage(db, membership.schoolId, ctx.now(), { userId: ctx.state.user.id, limit: 1000, offset: 0 });
      ctx.body = page.rows.map((row) => {
        const { courseId, status, dueOn, expiresOn } = presentTrainingStatus(row);
        return { courseId, status, dueOn, expiresOn };
      }) satisfies MyTrainingDto[];
    },
  });
}
