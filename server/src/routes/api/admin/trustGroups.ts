import { trustParams } from '@atrium/common';
import { adminOfTrust } from '../../../policies/trusts.ts';
import type { Routes } from '../../define.ts';
import { groupRoutes } from '../../groupRoutes.ts';

/** Any trust's staff groups, for the agency's admins (a trust's managers: trusts/groups.ts). */
export function adminTrustGroupRoutes(routes: Routes): void {
  groupRoutes(routes, { base: '/api/admin/trusts/:id', owner: 'trust', params: trustParams, access: 'admin', policy: adminOfTrust });
}
