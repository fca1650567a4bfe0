import { createHash, randomBytes } from 'node:crypto';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '@atrium/common';
import { badRequest, conflict, unauthorized } from '../../../errors.ts';
import { isUniqueViolation } from '../../../db/knex.ts';
import { destroyUserSessions } from '../../../middlewares/session.ts';
import { User } from '../../../models/User.ts';
import { presentUser } from '../../../presenters/users.ts';
import type { AppContext } from '../../../context.ts';
import type { Routes } from '../../define.ts';
import { sendEmailVerification } from '../../../commands/schools/verifyEmail.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const FORGOT_MESSAGE = "If an account exists with that email, you'll receive a password reset link.";

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh session id at every sign-in, so a planted id is worthless (session fixation). */
async function signIn(ctx: AppContext, user: User): Promise<void> {
  await ctx.session!.regenerate();
  ctx.session!.userId = user.id;
  ctx.session!.signedInAt = Date.now();
  ctx.state.user = user;
}

export function authRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/register',
    access: 'public',
    body: registerSchema,
    rateLimit: { limit: 'register', by: 'ip' },
    async handler(ctx) {
      const { email, password, firstName, lastName } = ctx.input.body;
      const { db, passwords } = ctx.deps;
      const conflictMessage = 'An account with this email already exists. Please sign in instead.';
      if (await User.query(db).findOne({ email })) throw conflict(conflictMessage);
      const passwordHash = await passwords.hash(password);
      const timestamp = Date.now();
      let user: User;
      try {
        // The account and its verification mail are one change: both or neither.
        user = await db.transaction(async (trx) => {
          const created = await User.query(trx).insertAndFetch({
            email,
            passwordHash,
            firstName,
            lastName,
            company: null,
            profileImageUrl: null,
            role: 'learner',
            createdAt: timestamp,
            updatedAt: timestamp,
          });
          await sendEmailVerification(trx, ctx.deps.mailer, ctx.deps.config, created);
          return created;
        });
      } catch (error) {
        // Two registrations for one address racing: the unique key decides.
        if (isUniqueViolation(error)) throw conflict(conflictMessage);
        throw error;
      }
      ctx.deps.mailer.kick();
      await signIn(ctx, user);
      ctx.status = 201;
      ctx.body = presentUser(user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/login',
    access: 'public',
    body: loginSchema,
    rateLimit: [
      { limit: 'loginAddress', by: 'ip' },
      { limit: 'loginAccount', by: (ctx) => ctx.input.body.email },
    ],
    async handler(ctx) {
      const { email, password } = ctx.input.body;
      const { db, passwords, limits } = ctx.deps;
      const user = await User.query(db).findOne({ email });
      const valid = user ? await passwords.verify(user.passwordHash, password) : await passwords.verifyNothing(password);
      if (!user || !valid) throw unauthorized('Invalid email or password');
      await limits.reset('loginAccount', email);
      await signIn(ctx, user);
      ctx.body = presentUser(user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/logout',
    access: 'user',
    async handler(ctx) {
      ctx.session = null;
      ctx.body = { message: 'Signed out' };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/user',
    access: 'user',
    async handler(ctx) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentUser(ctx.state.user);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/forgot-password',
    access: 'public',
    body: forgotPasswordSchema,
    rateLimit: [
      { limit: 'forgotAddress', by: 'ip' },
      { limit: 'forgotAccount', by: (ctx) => ctx.input.body.email },
    ],
    async handler(ctx) {
      const { email } = ctx.input.body;
      const { db, mailer, config } = ctx.deps;
      const user = await User.query(db).findOne({ email });
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await db.transaction(async (trx) => {
          await trx('passwordResets').insert({
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt: Date.now() + RESET_TTL_MS,
            createdAt: Date.now(),
          });
          await mailer.enqueue(trx, {
            to: user.email,
            subject: `Reset your ${config.brandName} password`,
            text: [
              `Hello ${user.firstName ?? ''}`.trim() + ',',
              '',
              'Someone asked to reset the password for your account. If it was you, open this link within one hour:',
              '',
              `${config.publicUrl}/reset-password?token=${token}`,
              '',
              'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
            ].join('\n'),
          });
        });
        mailer.kick();
      }
      // The same answer either way, so the form cannot be used to find out who has an account.
      ctx.body = { message: FORGOT_MESSAGE };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/reset-password',
    access: 'public',
    body: resetPasswordSchema,
    rateLimit: { limit: 'resetAddress', by: 'ip' },
    async handler(ctx) {
      const { token, newPassword } = ctx.input.body;
      const { db, passwords, mailer, config } = ctx.deps;
      const passwordHash = await passwords.hash(newPassword);
      const invalid = 'This password reset link is invalid or has expired. Please request a new one.';
      const user = await db.transaction(async (trx) => {
        const reset = await trx('passwordResets').where({ tokenHash: hashToken(token) }).first();
        if (!reset || reset.usedAt || Number(reset.expiresAt) < Date.now()) throw badRequest(invalid);
        // Single use: only the request that flips usedAt from null goes on.
        const claimed = await trx('passwordResets').where({ id: reset.id }).whereNull('usedAt').update({ usedAt: Date.now() });
        if (claimed !== 1) throw badRequest(invalid);
        const target = await User.query(trx).findById(reset.userId);
        if (!target) throw badRequest(invalid);
        await trx('users').where({ id: target.id }).update({ passwordHash, updatedAt: Date.now() });
        await trx('passwordResets').where({ userId: target.id }).whereNull('usedAt').update({ usedAt: Date.now() });
        await destroyUserSessions(trx, target.id);
        await mailer.enqueue(trx, {
          to: target.email,
          subject: `Your ${config.brandName} password was changed`,
          text: `Your password was just changed and every device was signed out.\n\nIf this was not you, reset your password again at ${config.publicUrl}/auth and contact ${config.supportEmail}.`,
        });
        return target;
      });
      mailer.kick();
      ctx.state.log.info({ userId: user.id }, 'password reset');
      ctx.session = null;
      ctx.body = { message: 'Your password has been updated. You can now login with your new password.' };
    },
  });
}
