import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolRosterRoutes } from '../../owners/schoolRoster.ts';

/** "Add staff" for any school, by the agency's admins (the school's managers: schools/roster.ts). */
export function adminSchoolRosterRoutes(routes: Routes): void {
  schoolRosterRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool, confirm: adminOfSchool });
}
