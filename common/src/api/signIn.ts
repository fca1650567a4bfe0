import { z } from 'zod';

/** School sign-in providers (OpenID Connect) the server may have configured. */
export const SIGN_IN_PROVIDER_NAMES = ['google', 'microsoft'] as const;
export type SignInProviderName = (typeof SIGN_IN_PROVIDER_NAMES)[number];

export const SIGN_IN_PROVIDER_LABELS: Record<SignInProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

/** One way into the account through a provider, as /profile lists it. */
export const linkedSignInDtoSchema = z
  .object({
    provider: z.enum(SIGN_IN_PROVIDER_NAMES),
    /** The address the provider gave at the last sign-in. */
    email: z.string().nullable(),
    linkedAt: z.number(),
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: 'LinkedSignInDto' });
export type LinkedSignInDto = z.infer<typeof linkedSignInDtoSchema>;

/** POST /api/user/sign-ins/:provider/link: where the browser goes next (the provider's sign-in, to link it). */
export const linkSignInStartDtoSchema = z.object({ url: z.string() }).meta({ id: 'LinkSignInStartDto' });
export type LinkSignInStartDto = z.infer<typeof linkSignInStartDtoSchema>;

/** GET /api/user/sign-ins */
export const linkedSignInsDtoSchema = z
  .object({
    /** Whether the account also has a password (a way in of its own). */
    hasPassword: z.boolean(),
    signIns: z.array(linkedSignInDtoSchema),
  })
  .meta({ id: 'LinkedSignInsDto' });
export type LinkedSignInsDto = z.infer<typeof linkedSignInsDtoSchema>;

/**
 * What `/auth?signInError=<code>` means after a provider sign-in that did not end in a session.
 * The server picks the code; the portal shows the sentence.
 */
export const SIGN_IN_ERROR_MESSAGES = {
  cancelled: 'Sign-in was cancelled at the provider. Nothing was changed.',
  invalid: 'That sign-in could not be checked, so it was refused. Please try again.',
  expired: 'That sign-in link has expired or was already used. Please start again.',
  unavailable: 'The sign-in provider is not answering right now. Please try again shortly, or sign in with your e-mail and password.',
  not_configured: 'That sign-in option is not available here.',
  no_email: 'Your account at the provider did not share an e-mail address, so we could not sign you in.',
  unverified:
    'The provider does not confirm that this e-mail address is yours, so it cannot open an account here. Sign in with your password, or register with your e-mail address (we send you a link to confirm it), then connect the provider from your profile.',
  rate_limited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  failed: 'Sign-in did not work this time. Please try again.',
  linked_elsewhere: 'That account is already linked to another Atrium account. Remove it there first, or sign in with it instead.',
  reauth_required: 'To connect a sign-in, confirm it is you first: enter your password (or sign in again) and try once more.',
  hd_mismatch: "Your school only accepts Google sign-in from its own Google Workspace. Sign in with your school's Google account.",
  no_sso: 'We found no school sign-in for that address. Check it, or sign in another way.',
  sso_domain: "Your school's sign-in vouched for an address outside the school's proven domains, so it was refused. Ask your school's IT team.",
  sso_admin: 'Administrator accounts sign in with their password, not through a school sign-in.',
  sso_required: 'Your school signs its staff in with its own sign-in. Choose “Sign in with your school” and enter your work address.',
} as const satisfies Record<string, string>;

export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;

/**
 * The sentence for a `signInError` code from the address bar. The code is whatever the visitor's
 * URL says, so only the table's own keys count: `__proto__`, `constructor` or any made-up value
 * gets the generic message (a plain `MESSAGES[code]` would hand back Object.prototype's members).
 */
export function signInErrorMessage(code: string): string {
  return Object.hasOwn(SIGN_IN_ERROR_MESSAGES, code) ? SIGN_IN_ERROR_MESSAGES[code as SignInErrorCode] : SIGN_IN_ERROR_MESSAGES.failed;
}
