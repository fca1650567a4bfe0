import { trustManager } from '../../../policies/trusts.ts';
import { identityProviderRoutes } from '../../owners/identityProvider.ts';
import type { Routes } from '../../define.ts';

/** The trust's own sign-in provider, for its managers (the admin's for any trust: admin/identityProviders.ts). */
export function trustIdentityProviderRoutes(routes: Routes): void {
  identityProviderRoutes(routes, { base: '/api/trusts/:id', access: 'user', policy: trustManager }, 'trust');
}
