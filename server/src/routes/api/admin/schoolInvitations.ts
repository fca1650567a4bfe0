import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolInvitedRoutes } from '../../owners/schoolInvited.ts';

/** An admin's view of any school's invitations (the school's managers use /api/schools/:id/invited). */
export function adminSchoolInvitationRoutes(routes: Routes): void {
  schoolInvitedRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool });
}
