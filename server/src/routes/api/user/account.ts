import { changePasswordSchema, deleteAccountSchema, messageDtoSchema, myDataExportDtoSchema, signOutEverywhereSchema, type MessageDto } from '@atrium/common';
import { deleteAccount } from '../../../commands/deleteAccount.ts';
import { changePassword } from '../../../commands/passwords.ts';
import { hasPassword } from '../../../commands/signInWithProvider.ts';
import { signOutEverywhere } from '../../../commands/signIns.ts';
import { sessionNow } from '../../../middlewares/session.ts';
import { requireFreshSignIn } from '../../../policies/signIns.ts';
import { signCertificateCredential } from '../../certificateCredential.ts';
import { presentMyData } from '../../../presenters/myData.ts';
import { readMyData } from '../../../queries/myData.ts';
import type { Routes } from '../../define.ts';
import { loginAttemptKey } from '../../accountLimits.ts';

/** Account safety and privacy: password change, sign out everywhere, data export, erasure. */
export function accountRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/user/password',
    access: 'user',
    answer: { body: messageDtoSchema },
    body: changePasswordSchema,
    // Guessing the current password here counts against the account like a failed login.
    rateLimit: { limit: 'loginAccount', by: (ctx) => loginAttemptKey(ctx.state.user, ctx.state.user.email, ctx.ip) },
    async handler(ctx) {
      const { db, passwords, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      await changePassword(db, { passwords, mailer, brand: config, clock: ctx.deps.clock }, user, ctx.input.body);
      // Every other device is signed out; this one gets a fresh session.
      await ctx.session!.regenerate();
      ctx.session!.userId = user.id;
      ctx.session!.signedInAt = sessionNow();
      ctx.body = { message: 'Password changed. Your other devices have been signed out.' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/user/sign-out-everywhere',
    access: 'user',
    answer: { body: messageDtoSchema },
    body: signOutEverywhereSchema,
    async handler(ctx) {
      const user = ctx.state.user;
      const { removeSignIns } = ctx.input.body;
      await signOutEverywhere(ctx.deps.db, user, removeSignIns);
      ctx.state.log.info({ userId: user.id, removeSignIns }, 'signed out everywhere');
      ctx.session = null;
      ctx.body = {
        message: removeSignIns
          ? 'You have been signed out on every device, and your linked Google / Microsoft sign-ins were removed.'
          : 'You have been signed out on every device.',
      } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/user/export',
    access: 'user',
    rateLimit: { limit: 'export', by: 'user' },
    answer: { body: myDataExportDtoSchema, headers: { 'Content-Disposition': 'attachment; filename="atrium-my-data-<day>.json"' } },
    cache: 'no-store',
    async handler(ctx) {
      const rows = await readMyData(ctx.deps, ctx.state.user);
      // One at a time: the first signing of each assigns its identity in a transaction of its own.
      const credentials = [];
      for (const certificate of rows.credentials) {
        credentials.push({ certificateNumber: certificate.certificateNumber, ...(await signCertificateCredential(ctx.deps, certificate)) });
      }
      const data = presentMyData(rows, credentials, ctx.deps.clock.now());
      ctx.set('Content-Disposition', `attachment; filename="atrium-my-data-${data.exportedAt.slice(0, 10)}.json"`);
      ctx.body = data;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/user',
    access: 'user',
    body: deleteAccountSchema,
    rateLimit: { limit: 'deleteAccount', by: 'user' },
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { db, passwords } = ctx.deps;
      const user = ctx.state.user;
      if (!hasPassword(user)) requireFreshSignIn(ctx.session?.signedInAt, sessionNow(), 'delete your account');
      await deleteAccount(db, passwords, user, ctx.input.body, ctx.deps.clock, ctx.deps);
      ctx.state.log.info({ userId: user.id, certificates: ctx.input.body.certificates }, 'account deleted');
      ctx.session = null;
      ctx.body = { message: 'Your account has been deleted.' } satisfies MessageDto;
    },
  });
}
