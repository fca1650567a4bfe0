import { schoolParams } from '@atrium/common';
import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { answerInvited } from '../schools/invites.ts';

/** An admin's view of any school's invitations (the school's managers use /api/schools/:id/invited). */
export function adminSchoolInvitationRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/schools/:id/invited',
    access: 'admin',
    params: schoolParams,
    policy: adminOfSchool,
    cache: 'no-store',
    async handler(ctx) {
      await answerInvited(ctx, ctx.input.params.id);
    },
  });
}
