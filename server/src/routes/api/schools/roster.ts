import { invitationMailer } from '../../../policies/invitations.ts';
import { schoolManager } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolRosterRoutes as ownerSchoolRosterRoutes } from '../../owners/schoolRoster.ts';

/** "Add staff" for the manager's own school (the admin's for any school: admin/schoolRoster.ts). */
export function schoolRosterRoutes(routes: Routes): void {
  ownerSchoolRosterRoutes(routes, { base: '/api/schools/:id', access: 'user', policy: schoolManager, confirm: invitationMailer });
}
