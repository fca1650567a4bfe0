import { adminOfTrust } from '../../../policies/trusts.ts';
import type { Routes } from '../../define.ts';
import { trustDeadlineRoutes } from '../../owners/trustDeadlines.ts';

/** Any trust's deadlines, for the agency's admins (a trust's own managers: trusts/deadlines.ts). */
export function adminTrustDeadlineRoutes(routes: Routes): void {
  trustDeadlineRoutes(routes, { base: '/api/admin/trusts/:id', access: 'admin', policy: adminOfTrust });
}
