import type { Routes } from '../../define.ts';
import { accountRoutes } from './account.ts';
import { captionPreferenceRoutes } from './captionPreferences.ts';
import { emailVerificationRoutes } from './emailVerification.ts';
import { profileRoutes } from './profile.ts';
import { signInLinkRoutes } from './signIns.ts';
import { trainingRoutes } from './training.ts';

/** Everything under /api/user: the signed-in person's own account, sign-ins and training. */
export function userRoutes(routes: Routes): void {
  profileRoutes(routes);
  accountRoutes(routes);
  signInLinkRoutes(routes);
  emailVerificationRoutes(routes);
  trainingRoutes(routes);
  captionPreferenceRoutes(routes);
}
