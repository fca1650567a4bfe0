import { rosterUploadSchema, schoolParams } from '@atrium/common';
import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { answerRosterConfirm, answerRosterPreview } from '../schools/roster.ts';

/** "Add staff" for any school, by the agency's admins (the school's managers: schools/roster.ts). */
export function adminSchoolRosterRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/roster/preview',
    access: 'admin',
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerRosterPreview(ctx, ctx.input.params.id, ctx.input.body.csv);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/roster',
    access: 'admin',
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy: adminOfSchool,
    async handler(ctx) {
      await answerRosterConfirm(ctx, ctx.state.user, ctx.input.params.id, ctx.input.body.csv, ctx.input.body.createGroups);
    },
  });
}
