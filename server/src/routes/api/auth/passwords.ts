import { forgotPasswordSchema, loginSchema, messageDtoSchema, registerSchema, resetPasswordSchema, userDtoSchema, type MessageDto } from '@atrium/common';
import { requestPasswordReset, resetPassword } from '../../../commands/passwords.ts';
import { registerUser } from '../../../commands/register.ts';
import { makeRoomForSession } from '../../../commands/sessions.ts';
import { invalidCredentials, schoolSignInOnly } from '../../../errors.ts';
import { schoolSignInRequired } from '../../../policies/signIns.ts';
import type { User } from '../../../models/User.ts';
import { hasPassword } from '../../../commands/signInWithProvider.ts';
import { accountByEmail, accountKey, loginAttemptKey, verificationMailKey } from '../../accountLimits.ts';
import { presentUser } from '../../../presenters/users.ts';
import type { AppContext } from '../../../context.ts';
import { sessionNow } from '../../../middlewares/session.ts';
import type { Routes } from '../../define.ts';

const FORGOT_MESSAGE = "If an account exists with that email, you'll receive a password reset link.";

/**
 * A fresh session id at every sign-in, so a planted id is worthless (session fixation), and the
 * account's oldest sessions end past SESSIONS_PER_USER.
 */
export async function signIn(ctx: AppContext, user: User): Promise<void> {
  await ctx.session!.regenerate();
  await makeRoomForSession(ctx.deps.db, user.id);
  ctx.session!.userId = user.id;
  ctx.session!.signedInAt = sessionNow();
  ctx.state.user = user;
}

/** Accounts with a password: register, sign in and out, forgotten passwords. */
export function passwordRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/register',
    access: 'public',
    answer: { status: 201, body: userDtoSchema },
    body: registerSchema,
    rateLimit: { limit: 'register', by: 'ip' },
    async handler(ctx) {
      const { db, passwords, mailer, config, limits } = ctx.deps;
      const { email } = ctx.input.body;
      if (await schoolSignInRequired(db, [email], null)) throw schoolSignInOnly();
      const mayMailVerification = () => limits.take('verificationMail', verificationMailKey(email));
      const user = await registerUser(db, { passwords, mailer, brand: config, clock: ctx.deps.clock, mayMailVerification }, ctx.input.body);
      await signIn(ctx, user);
      ctx.status = 201;
      ctx.body = presentUser(user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/login',
    access: 'public',
    answer: { body: userDtoSchema },
    body: loginSchema,
    rateLimit: [
      { limit: 'loginAddress', by: 'ip' },
      { limit: 'loginAccount', by: async (ctx) => loginAttemptKey(await accountByEmail(ctx, ctx.input.body.email), ctx.input.body.email, ctx.ip) },
    ],
    async handler(ctx) {
      const { email, password } = ctx.input.body;
      const { passwords, limits } = ctx.deps;
      const user = await accountByEmail(ctx, email);
      // One full hash whatever the account: an account without a password (made by a provider
      // sign-in, or deleted) and an unknown address take as long as a wrong password, so the
      // answer's timing tells nobody which of the three it was.
      const valid = user && hasPassword(user) ? await passwords.verify(user.passwordHash, password) : await passwords.verifyNothing(password);
      // Said whatever the password: it depends on the address's domain only (public, by its DNS
      // record), and the person needs to hear it most when they no longer know a password here.
      if (await schoolSignInRequired(ctx.deps.db, [email, user?.email], user)) throw schoolSignInOnly();
      if (!user || !valid) throw invalidCredentials();
      await limits.reset('loginAccount', loginAttemptKey(user, email, ctx.ip));
      await signIn(ctx, user);
      ctx.body = presentUser(user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/logout',
    access: 'user',
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      ctx.session = null;
      ctx.body = { message: 'Signed out' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/forgot-password',
    access: 'public',
    answer: { body: messageDtoSchema },
    body: forgotPasswordSchema,
    rateLimit: [
      { limit: 'forgotAddress', by: 'ip' },
      { limit: 'forgotAccount', by: async (ctx) => accountKey(await accountByEmail(ctx, ctx.input.body.email), ctx.input.body.email) },
    ],
    async handler(ctx) {
      const { db, mailer, config, afterAnswer } = ctx.deps;
      const { email } = ctx.input.body;
      const now = ctx.now();
      // The same answer, as soon, either way, so the form cannot be used to find out who has an
      // account: the link is made and mailed after answering.
      afterAnswer.run('password reset request', () => requestPasswordReset(db, mailer, config, email, now));
      ctx.body = { message: FORGOT_MESSAGE } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/reset-password',
    access: 'public',
    answer: { body: messageDtoSchema },
    body: resetPasswordSchema,
    rateLimit: { limit: 'resetAddress', by: 'ip' },
    async handler(ctx) {
      const { db, passwords, mailer, config } = ctx.deps;
      const user = await resetPassword(db, { passwords, mailer, brand: config, clock: ctx.deps.clock }, ctx.input.body);
      ctx.state.log.info({ userId: user.id }, 'password reset');
      ctx.session = null;
      ctx.body = { message: 'Your password has been updated. You can now login with your new password.' } satisfies MessageDto;
    },
  });
}
