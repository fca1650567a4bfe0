import { trustManager } from '../../../policies/trusts.ts';
import type { Routes } from '../../define.ts';
import { trustDeadlineRoutes as ownerTrustDeadlineRoutes } from '../../owners/trustDeadlines.ts';

/** The trust's deadlines (/trust), for the trust's own managers (the admin's for any trust: admin/trustDeadlines.ts). */
export function trustDeadlineRoutes(routes: Routes): void {
  ownerTrustDeadlineRoutes(routes, { base: '/api/trusts/:id', access: 'user', policy: trustManager });
}
