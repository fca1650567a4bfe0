import { messageDtoSchema, type MessageDto } from '@atrium/common';
import { sendEmailVerification } from '../../../commands/schools/verifyEmail.ts';
import type { Routes } from '../../define.ts';
import { verificationMailKey } from '../../accountLimits.ts';

/** Sends the signed-in person a link that confirms their address (POST /api/verify-email takes it). */
export function emailVerificationRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/user/verify-email',
    access: 'user',
    rateLimit: { limit: 'verifyEmail', by: 'user' },
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { db, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      if (user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined) {
        ctx.body = { message: 'Your e-mail address is already verified.' } satisfies MessageDto;
        return;
      }
      // The address's own budget as well as the account's: see verificationMail in rateLimit.ts.
      await ctx.deps.limits.consume(
        'verificationMail',
        verificationMailKey(user.email),
        `We have sent several verification links to ${user.email} today. Use the newest one, or ask for another tomorrow.`,
      );
      await sendEmailVerification(db, mailer, config, user, ctx.now());
      ctx.body = { message: `We have sent a verification link to ${user.email}.` } satisfies MessageDto;
    },
  });
}
