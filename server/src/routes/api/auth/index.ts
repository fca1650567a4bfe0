import type { Routes } from '../../define.ts';
import { passwordRoutes } from './passwords.ts';
import { providerSignInRoutes } from './providers.ts';

/** Signing in and out: with a password, or with a Google / Microsoft account. */
export function authRoutes(routes: Routes): void {
  passwordRoutes(routes);
  providerSignInRoutes(routes);
}
