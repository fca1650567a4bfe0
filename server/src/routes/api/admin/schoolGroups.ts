import { schoolParams } from '@atrium/common';
import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { groupRoutes } from '../../groupRoutes.ts';

/** Any school's staff groups, for the agency's admins (a school's managers: schools/groups.ts). */
export function adminSchoolGroupRoutes(routes: Routes): void {
  groupRoutes(routes, { base: '/api/admin/schools/:id', owner: 'school', params: schoolParams, access: 'admin', policy: adminOfSchool });
}
