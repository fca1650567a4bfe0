import { deadlineSetter } from '../../../policies/deadlines.ts';
import { schoolManager } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolDeadlineRoutes } from '../../owners/schoolDeadlines.ts';

/** Deadlines and training statuses of the manager's own school (the admin's for any school: admin/schoolDeadlines.ts). */
export function deadlineRoutes(routes: Routes): void {
  schoolDeadlineRoutes(routes, { base: '/api/schools/:id', access: 'user', policy: schoolManager, setDeadline: deadlineSetter });
}
