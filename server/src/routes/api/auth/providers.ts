import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { providerParams, type SignInProviderName } from '@atrium/common';
import { linkProvider, signInWithProvider } from '../../../commands/signInWithProvider.ts';
import { HttpError } from '../../../errors.ts';
import { sessionNow } from '../../../middlewares/session.ts';
import { canStartLinking } from '../../../policies/signIns.ts';
import type { AppContext, AppContextExtensions, AppState } from '../../../context.ts';
import type { ProviderIdentity } from '../../../services/signIn/claims.ts';
import { SignInError, type SignInErrorCode } from '../../../services/signIn/errors.ts';
import { claimFlow, safeReturnTo, saveFlow, SIGN_IN_FLOW_TTL_MS } from '../../../services/signIn/flows.ts';
import type { Routes } from '../../define.ts';
import { signIn } from './passwords.ts';
import { callerNetwork } from '../../../services/callerNetwork.ts';

/** The cookie that ties a sign-in flow to the browser that started it. */
export const SIGN_IN_BROWSER_COOKIE = 'atrium.signin';
/** A provider named in the path: one this app knows (configured or not). */
const startQuery = z.object({ returnTo: z.unknown().optional(), link: z.unknown().optional() });
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
export const landOnAuthPage: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
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
    const params = (ctx as unknown as { params?: { provider?: string; connectionId?: string } }).params;
    const details = {
      provider: params?.provider ?? (params?.connectionId ? `sso:${params.connectionId}` : undefined),
      code,
      reason: error instanceof Error ? error.message : String(error),
    };
    if (code === 'failed') ctx.state.log.error({ ...details, err: error }, 'provider sign-in failed');
    else ctx.state.log.warn(details, 'provider sign-in refused');
    ctx.redirect(`/auth?signInError=${code}`);
  }
};

/** `path` (a safe relative path) with one more query parameter. */
function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'https://atrium.invalid');
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}

/**
 * The end of "Connect" on /profile: the same person must still be signed in in this browser (not
 * someone who took it over meanwhile). Success and refusals go back to the page it started from,
 * with `?linked=<provider>` or `?signInError=<code>`, since /auth is not where a signed-in person is.
 */
async function finishLinking(ctx: AppContext, userId: number, returnTo: string, exchange: () => Promise<ProviderIdentity>): Promise<void> {
  const provider = (ctx.input as { params: { provider: SignInProviderName } }).params.provider;
  try {
    if (ctx.state.user?.id !== userId) throw new SignInError('invalid', 'the account that started linking is no longer signed in');
    const { db, mailer, config } = ctx.deps;
    const linked = await linkProvider(db, { mailer, brand: config, now: ctx.now() }, userId, await exchange());
    ctx.state.log.info({ userId, provider, joinedSchoolId: linked.joinedSchoolId }, 'provider linked');
    ctx.redirect(withQuery(returnTo, 'linked', provider));
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    ctx.state.log.warn({ userId, provider, code: error.code, reason: error.message }, 'provider link refused');
    ctx.redirect(withQuery(returnTo, 'signInError', error.code));
  }
}

export function providerSignInRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/auth/:provider/start',
    access: 'public',
    answer: { status: 302, headers: { Location: 'The provider’s sign-in page; `/auth?signInError=<code>` when refused' } },
    cache: 'no-store',
    params: providerParams,
    query: startQuery,
    rateLimit: { limit: 'signInStart', by: (ctx) => callerNetwork(ctx.ip) },
    before: [landOnAuthPage],
    async handler(ctx) {
      const { db, clock, signIn: clients, config } = ctx.deps;
      const provider = ctx.input.params.provider;
      if (!clients.has(provider)) throw new SignInError('not_configured', `${provider} is not configured`);
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const browserId = randomBytes(32).toString('base64url');
      // "Connect" on /profile: link to the signed-in account instead of signing in, only once the
      // person confirmed it is them (POST …/link, below) in this session, for this provider.
      const returnTo = safeReturnTo(ctx.input.query.returnTo);
      let linkUserId: number | null = null;
      if (ctx.input.query.link === '1' && ctx.state.user) {
        const grant = ctx.session?.linkGrant;
        delete ctx.session?.linkGrant;
        if (!canStartLinking(grant, provider, sessionNow())) {
          ctx.state.log.warn({ userId: ctx.state.user.id, provider }, 'provider link started without confirmation');
          ctx.redirect(withQuery(returnTo, 'signInError', 'reauth_required'));
          return;
        }
        linkUserId = ctx.state.user.id;
      }
      const url = await clients.authorizationUrl(provider, checks);
      await saveFlow(db, clock, { ...checks, browserId, provider, returnTo, linkUserId, testedBy: null });
      ctx.cookies.set(SIGN_IN_BROWSER_COOKIE, browserId, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        secure: new URL(config.publicUrl).protocol === 'https:',
        maxAge: SIGN_IN_FLOW_TTL_MS,
      });
      ctx.redirect(url.href);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/:provider/callback',
    access: 'public',
    answer: { status: 302, headers: { Location: '`returnTo`, signed in; `/auth?signInError=<code>` when refused' } },
    cache: 'no-store',
    params: providerParams,
    query: callbackQuery,
    rateLimit: { limit: 'signInCallback', by: (ctx) => callerNetwork(ctx.ip) },
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
      const checks = { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier };
      if (flow.linkUserId !== null) {
        await finishLinking(ctx, flow.linkUserId, flow.returnTo, () => clients.exchange(provider, callbackUrl, checks));
        return;
      }
      const identity = await clients.exchange(provider, callbackUrl, checks);
      const outcome = await signInWithProvider(db, { mailer, brand: config, now: ctx.now() }, identity);
      await signIn(ctx, outcome.user);
      ctx.state.log.info(
        { userId: outcome.user.id, provider, created: outcome.created, linked: outcome.linked, joinedSchoolId: outcome.joinedSchoolId },
        'signed in with provider',
      );
      ctx.redirect(flow.returnTo);
    },
  });
}
