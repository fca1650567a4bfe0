import { z } from 'zod';
import { SIGN_IN_PROVIDER_NAMES } from '../api/signIn.ts';
import { email, optionalText } from './common.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 256;

const password = z
  .string({ message: 'Password is required' })
  .min(1, { message: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { message: 'Password is too long' });

const newPassword = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` })
  .max(PASSWORD_MAX_LENGTH, { message: 'Password is too long' });

export const loginSchema = z.object({
  email: z.string({ message: 'Email is required' }).trim().min(1, { message: 'Email is required' }).pipe(email),
  password,
});

export const registerSchema = z.object({
  email,
  password: newPassword,
  firstName: optionalText(100),
  lastName: optionalText(100),
});

export const forgotPasswordSchema = z.object({ email });

/**
 * Whether the links to Google / Microsoft sign-ins go too. Offered by "sign out everywhere" and a
 * password reset: someone who got into the account may have linked a sign-in of their own.
 */
const removeSignIns = z.boolean({ message: 'removeSignIns must be true or false' }).optional().default(false);

export const signOutEverywhereSchema = z.object({ removeSignIns });

/** POST /api/user/sign-ins/:provider/link: the password confirms it is the account's owner (absent for an account without one). */
export const linkSignInSchema = z.object({ password: password.optional() });

export const resetPasswordSchema = z.object({
  removeSignIns,
  token: z
    .string({ message: 'The password reset link is invalid or missing.' })
    .trim()
    .min(1, {
      message: 'The password reset link is invalid or missing.',
    })
    .max(200),
  newPassword,
});

export const PASSWORDS_DIFFER = 'Please ensure both password fields match.';

/**
 * A new password typed twice (the reset page): the two must match, and only then is the
 * password itself checked, with the rule the server applies (SPEC §5).
 */
export const newPasswordFormSchema = z.object({ newPassword: z.string(), confirm: z.string() }).superRefine((values, ctx) => {
  if (values.newPassword !== values.confirm) {
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER });
    return;
  }
  const checked = newPassword.safeParse(values.newPassword);
  if (!checked.success) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: checked.error.issues[0]?.message ?? 'Password is required' });
});

/** For partial updates: absent stays absent (unchanged), empty becomes null (cleared). */
const patchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const profileSchema = z.object({
  firstName: patchText(100),
  lastName: patchText(100),
  company: patchText(200),
  email: z.string().trim().toLowerCase().max(254).optional(),
  profileImageUrl: z.string().max(500).nullable().optional(),
});

/** The name a certificate is made out to: a first name at least, as the person wants it printed. */
export const certificateNameSchema = z.object({
  firstName: z.string().trim().min(1, { message: 'Enter your first name as it should appear on your certificates' }).max(100),
  lastName: optionalText(100),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: password,
  newPassword,
});

export const deleteAccountSchema = z.object({
  /** The account's password; an account without one (opened by a provider) confirms by a recent sign-in instead. */
  password: password.optional(),
  /** Keep issued certificates verifiable under a pseudonym, or revoke them. */
  certificates: z.enum(['keep', 'revoke']),
});

/** `:provider` in the sign-in and connect routes: one of the providers Atrium signs in with. */
export const providerParams = z.object({ provider: z.enum(SIGN_IN_PROVIDER_NAMES) });
