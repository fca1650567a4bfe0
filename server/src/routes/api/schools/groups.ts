import { schoolParams } from '@atrium/common';
import { schoolManager } from '../../../policies/schools.ts';
import type { Routes } from '../../define.ts';
import { groupRoutes } from '../../groupRoutes.ts';

/**
 * A school's staff groups, for its own managers. The list also shows the school's trust's groups
 * (read-only here, members of this school only); the trust's managers change those under
 * /api/trusts.
 */
export function schoolGroupRoutes(routes: Routes): void {
  groupRoutes(routes, { base: '/api/schools/:id', owner: 'school', params: schoolParams, access: 'user', policy: schoolManager });
}
