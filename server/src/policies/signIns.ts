import { forbidden } from '../errors.ts';

/** An account without a password links a provider only this soon after signing in. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * A link is a new way into an account for good, so whoever holds the browser for a moment must
 * not be able to add their own. An account with a password proves it is the owner by the password
 * (checked by the route); one without needs a sign-in of the last few minutes instead.
 */
export const isFreshSignIn = (signedInAt: number | undefined, now: number): boolean =>
  signedInAt !== undefined && signedInAt > 0 && now - signedInAt <= FRESH_SIGN_IN_MS;

export function requireFreshSignIn(signedInAt: number | undefined, now: number, providerLabel: string): void {
  if (!isFreshSignIn(signedInAt, now)) {
    throw forbidden(
      `For your safety, sign in again with the sign-in you already have, then connect ${providerLabel} within ${FRESH_SIGN_IN_MS / 60_000} minutes.`,
    );
  }
}

/**
 * Linking starts (GET /api/auth/:provider/start?link=1) only after the owner confirmed it
 * (POST /api/user/sign-ins/:provider/link) in the same session, for the same provider, lately.
 */
export const canStartLinking = (grant: { provider: string; until: number } | undefined, provider: string, now: number): boolean =>
  grant !== undefined && grant.provider === provider && grant.until >= now;
