import { adminOfSchool } from '../../../policies/schools.ts';
import { adminOfTrust } from '../../../policies/trusts.ts';
import { identityProviderRoutes } from '../../owners/identityProvider.ts';
import type { Routes } from '../../define.ts';

/** Any school's or trust's own sign-in provider, for the agency's admins. */
export function adminIdentityProviderRoutes(routes: Routes): void {
  identityProviderRoutes(routes, { base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool }, 'school');
  identityProviderRoutes(routes, { base: '/api/admin/trusts/:id', access: 'admin', policy: adminOfTrust }, 'trust');
}
