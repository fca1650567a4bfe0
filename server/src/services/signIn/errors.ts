import type { SIGN_IN_ERROR_MESSAGES } from '@atrium/common';
/**
 * Why a sign-in with a provider did not end with a session. The code travels to /auth in the
 * query (`?signInError=<code>`), where the portal shows the matching message; the details go to
 * the log only.
 */
export const SIGN_IN_ERROR_CODES = [
  'cancelled',
  'invalid',
  'expired',
  'unavailable',
  'not_configured',
  'no_email',
  'unverified',
  'rate_limited',
  'failed',
  'linked_elsewhere',
  'reauth_required',
  'hd_mismatch',
  'no_sso',
  'sso_domain',
  'sso_admin',
  'sso_required',
] as const satisfies ReadonlyArray<keyof typeof SIGN_IN_ERROR_MESSAGES>;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

export class SignInError extends Error {
  constructor(
    readonly code: SignInErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SignInError';
  }
}
