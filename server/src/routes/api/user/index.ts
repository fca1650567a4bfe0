import type { Routes } from '../../define.ts';
import { accountRoutes } from './account.ts';
import { profileRoutes } from './profile.ts';
import { signInLinkRoutes } from './signIns.ts';

/** Everything under /api/user that this folder serves: the signed-in person's own account. */
export function userRoutes(routes: Routes): void {
  profileRoutes(routes);
  accountRoutes(routes);
  signInLinkRoutes(routes);
}
