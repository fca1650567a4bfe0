import {
  linkedSignInsDtoSchema,
  linkSignInSchema,
  type LinkSignInStartDto,
  linkSignInStartDtoSchema,
  messageDtoSchema,
  providerParams,
  SIGN_IN_PROVIDER_LABELS,
  type MessageDto,
} from '@atrium/common';
import { removeSignIn } from '../../../commands/signIns.ts';
import { hasPassword } from '../../../commands/signInWithProvider.ts';
import { badRequest } from '../../../errors.ts';
import { sessionNow } from '../../../middlewares/session.ts';
import { requireFreshSignIn } from '../../../policies/signIns.ts';
import { presentLinkedSignIns } from '../../../presenters/users.ts';
import { linkedSignIns } from '../../../queries/users.ts';
import type { Routes } from '../../define.ts';
import { loginAttemptKey } from '../../accountLimits.ts';

/** How long a confirmed "Connect" stays good for starting the provider round trip (routes/api/auth/providers.ts). */
const LINK_GRANT_MS = 5 * 60 * 1000;

/** The Google / Microsoft sign-ins linked to the signed-in account: listing, connecting, removing. */
export function signInLinkRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/user/sign-ins',
    access: 'user',
    answer: { body: linkedSignInsDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      const user = ctx.state.user;
      ctx.body = presentLinkedSignIns(hasPassword(user), await linkedSignIns(ctx.deps.db, user.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/user/sign-ins/:provider/link',
    access: 'user',
    answer: { body: linkSignInStartDtoSchema },
    cache: 'no-store',
    params: providerParams,
    body: linkSignInSchema,
    // Guessing the password here counts against the account like a failed login.
    rateLimit: { limit: 'loginAccount', by: (ctx) => loginAttemptKey(ctx.state.user, ctx.state.user.email, ctx.ip) },
    async handler(ctx) {
      const { passwords, signIn: clients } = ctx.deps;
      const user = ctx.state.user;
      const provider = ctx.input.params.provider;
      const label = SIGN_IN_PROVIDER_LABELS[provider];
      if (!clients.has(provider)) throw badRequest(`${label} sign-in is not available here.`);
      const now = sessionNow();
      if (hasPassword(user)) {
        const password = ctx.input.body.password;
        if (!password || !(await passwords.verify(user.passwordHash, password))) {
          throw badRequest('Your password is not correct', { password: 'Your password is not correct' });
        }
      } else {
        requireFreshSignIn(ctx.session?.signedInAt, now, `connect ${label}`);
      }
      ctx.session!.linkGrant = { provider, until: now + LINK_GRANT_MS };
      ctx.body = { url: `/api/auth/${provider}/start?link=1&returnTo=${encodeURIComponent('/profile')}` } satisfies LinkSignInStartDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/user/sign-ins/:provider',
    access: 'user',
    answer: { body: messageDtoSchema },
    params: providerParams,
    async handler(ctx) {
      await removeSignIn(ctx.deps.db, ctx.state.user, ctx.input.params.provider);
      ctx.body = { message: 'Sign-in removed' } satisfies MessageDto;
    },
  });
}
