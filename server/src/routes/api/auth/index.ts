import type { Routes } from '../../define.ts';
import { passwordRoutes } from './passwords.ts';
import { providerSignInRoutes } from './providers.ts';
import { schoolSignInRoutes } from './sso.ts';

/** Signing in and out: with a password, or with a Google / Microsoft account. */
export function authRoutes(routes: Routes): void {
  passwordRoutes(routes);
  // Before the provider routes: /api/auth/sso/start would otherwise match /api/auth/:provider/start.
  schoolSignInRoutes(routes);
  providerSignInRoutes(routes);
}
