import { schoolManager } from '../../../policies/schools.ts';
import { identityProviderRoutes } from '../../owners/identityProvider.ts';
import type { Routes } from '../../define.ts';

/** The school's own sign-in provider, for its managers (the admin's for any school: admin/identityProviders.ts). */
export function schoolIdentityProviderRoutes(routes: Routes): void {
  identityProviderRoutes(routes, { base: '/api/schools/:id', access: 'user', policy: schoolManager }, 'school');
}
