import { adminDeadlineSetter } from '../../../policies/deadlines.ts';
import { adminOfSchool } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolDeadlineRoutes } from '../../owners/schoolDeadlines.ts';

/** Deadlines and training statuses of any school, for the agency's admins (a school's managers: schools/deadlines.ts). */
export function adminSchoolDeadlineRoutes(routes: Routes): void {
  schoolDeadlineRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool, setDeadline: adminDeadlineSetter });
}
