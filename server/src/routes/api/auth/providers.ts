import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { SIGN_IN_PROVIDER_NAMES, type LinkedSignInsDto } from '@atrium/common';
import { hasPassword, signInWithProvider } from '../../../commands/signInWithProvider.ts';
import { conflict, HttpError, notFound } from '../../../errors.ts';
import type { AppContextExtensions, AppState } from '../../../context.ts';
import { SignInError, type SignInErrorCode } from '../../../services/signIn/errors.ts';
import { claimFlow, safeReturnTo, saveFlow, SIGN_IN_FLOW_TTL_MS } from '../../../services/signIn/flows.ts';
import type { Routes } from '../../define.ts';
import { signIn } from './index.ts';

/** The cookie that ties a sign-in flow to the browser that started it. */
export const SIGN_IN_BROWSER_COOKIE = 'atrium.signin';
const providerParams = z.object({ provider: z.enum(SIGN_IN_PROVIDER_NAMES) });
const startQuery = z.object({ returnTo: z.unknown().optional() });
const callbackQuery = z.object({
  state: z.string().max(1000).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * Both ends of a provider sign-in are top-level browser navigations, so whatever goes wrong
 * (an unknown provider, a spent rate limit, a refused token, the provider down, a bug) ends on
 * /auth with a code the portal turns into a message, never a JSON page. Refusals are logged.
 */
const landOnAuthPage: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    const code: SignInErrorCode =
      error instanceof SignInError
        ? error.code
        : error instanceof HttpError && error.status === 429
          ? 'rate_limited'
          : error instanceof HttpError && error.status === 400
            ? 'not_configured'
            : 'failed';
    const details = {
      provider: (ctx as unknown as { params?: { provider?: string } }).params?.provider,
      code,
      reason: error instanceof Error ? error.message : String(error),
    };
    if (code === 'failed') ctx.state.log.error({ ...details, err: error }, 'provider sign-in failed');
    else ctx.state.log.warn(details, 'provider sign-in refused');
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(`/auth?signInError=${code}`);
  }
};

export function providerSignInRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/auth/:provider/start',
    access: 'public',
    params: providerParams,
    query: startQuery,
    rateLimit: { limit: 'signInStart', by: (ctx) => ctx.ip },
    before: [landOnAuthPage],
    async handler(ctx) {
      const { db, clock, signIn: clients, config } = ctx.deps;
      const provider = ctx.input.params.provider;
      if (!clients.has(provider)) throw new SignInError('not_configured', `${provider} is not configured`);
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = await clients.authorizationUrl(provider, checks);
      const browserId = randomBytes(32).toString('base64url');
      await saveFlow(db, clock, { ...checks, browserId, provider, returnTo: safeReturnTo(ctx.input.query.returnTo) });
      ctx.cookies.set(SIGN_IN_BROWSER_COOKIE, browserId, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        secure: new URL(config.publicUrl).protocol === 'https:',
        maxAge: SIGN_IN_FLOW_TTL_MS,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(url.href);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/:provider/callback',
    access: 'public',
    params: providerParams,
    query: callbackQuery,
    rateLimit: { limit: 'signInCallback', by: (ctx) => ctx.ip },
    before: [landOnAuthPage],
    async handler(ctx) {
      const { db, clock, signIn: clients, config, mailer } = ctx.deps;
      const provider = ctx.input.params.provider;
      if (!clients.has(provider)) throw new SignInError('not_configured', `${provider} is not configured`);
      const { state, error } = ctx.input.query;
      if (!state) throw new SignInError(error === 'access_denied' ? 'cancelled' : 'invalid', `callback without state${error ? ` (${error})` : ''}`);
      const browserId = ctx.cookies.get(SIGN_IN_BROWSER_COOKIE, { signed: true }) ?? null;
      const flow = await claimFlow(db, clock, { state, browserId, provider });
      ctx.cookies.set(SIGN_IN_BROWSER_COOKIE, null, { path: '/api/auth' });
      // The URL exactly as the provider sent the browser here, on the registered redirect URI.
      const callbackUrl = new URL(`${clients.redirectUri(provider)}?${ctx.querystring}`);
      const identity = await clients.exchange(provider, callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      const outcome = await signInWithProvider(db, { mailer, brand: config, now: clock.now().getTime() }, identity);
      mailer.kick();
      await signIn(ctx, outcome.user);
      ctx.state.log.info(
        { userId: outcome.user.id, provider, created: outcome.created, linked: outcome.linked, joinedSchoolId: outcome.joinedSchoolId },
        'signed in with provider',
      );
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(flow.returnTo);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/user/sign-ins',
    access: 'user',
    async handler(ctx) {
      const user = ctx.state.user;
      const rows = await ctx.deps.db('userIdentities').select('provider', 'email', 'createdAt', 'lastUsedAt').where({ userId: user.id }).orderBy('provider');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        hasPassword: hasPassword(user),
        signIns: rows.map((row) => ({
          provider: row.provider,
          email: row.email,
          linkedAt: Number(row.createdAt),
          lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
        })),
      } satisfies LinkedSignInsDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/user/sign-ins/:provider',
    access: 'user',
    params: providerParams,
    async handler(ctx) {
      const user = ctx.state.user;
      const provider = ctx.input.params.provider;
      await ctx.deps.db.transaction(async (trx) => {
        const links: Array<{ id: number; provider: string }> = await trx('userIdentities').select('id', 'provider').where({ userId: user.id }).forUpdate();
        const target = links.filter((link) => link.provider === provider);
        if (!target.length) throw notFound(`No ${provider} sign-in is linked to your account`);
        if (!hasPassword(user) && links.length === target.length) {
          throw conflict('This is your only way to sign in. Set a password first (use "Forgot password" on the sign-in page), then remove it.');
        }
        await trx('userIdentities').where({ userId: user.id, provider }).delete();
      });
      ctx.body = { message: 'Sign-in removed' };
    },
  });
}
