import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolCommentRoutes } from '../../owners/schoolComments.ts';
import { schoolInvitedRoutes } from '../../owners/schoolInvited.ts';

/**
 * An admin's view of any school's invitations and its staff's comments (the school's managers
 * use /api/schools/:id/invited and /comments).
 */
export function adminSchoolInvitationRoutes(routes: Routes): void {
  schoolInvitedRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool });
  schoolCommentRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool });
}
