import { trustParams } from '@atrium/common';
import { trustManager } from '../../../policies/trusts.ts';
import type { Routes } from '../../define.ts';
import { groupRoutes } from '../../groupRoutes.ts';

/**
 * A trust's staff groups (across its schools), for the trust's own managers; a school's own groups
 * are its managers' (/api/schools/:id/groups).
 */
export function trustGroupRoutes(routes: Routes): void {
  groupRoutes(routes, { base: '/api/trusts/:id', owner: 'trust', params: trustParams, access: 'user', policy: trustManager });
}
