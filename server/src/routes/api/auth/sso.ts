import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { normalizedEmailOrNull } from '@atrium/common';
import { recordTestSignIn, signInWithSchoolProvider, vouchFor, type SsoTestOutcome } from '../../../commands/identityProviders.ts';
import { notFound } from '../../../errors.ts';
import type { AppContext, AppContextExtensions, AppState } from '../../../context.ts';
import type { IdentityProvider } from '../../../db/tables.ts';
import { COOKIE_PATH, oidcConnection, samlConnection, SSO_BROWSER_COOKIE, startSignIn } from '../../schoolSignInFlow.ts';
import { identityProviderById, identityProviderForEmail } from '../../../queries/identityProviders.ts';
import { ssoProviderKey } from '../../../services/signIn/claims.ts';
import { SignInError } from '../../../services/signIn/errors.ts';
import { claimFlow, safeReturnTo, type SignInFlow } from '../../../services/signIn/flows.ts';
import { oidcExchange, oidcRedirectUri, type OidcIdentity } from '../../../services/sso/oidc.ts';
import { serviceProviderMetadata, serviceProviderUrls, validateSamlResponse, type SamlIdentity } from '../../../services/sso/saml.ts';
import type { Routes } from '../../define.ts';
import { signIn } from './passwords.ts';
import { landOnAuthPage } from './providers.ts';

const connectionParams = z.object({ connectionId: z.coerce.number().int().positive().max(2_147_483_647) });
const startQuery = z.object({ returnTo: z.unknown().optional() });
const findQuery = z.object({ email: z.string().max(254).optional(), returnTo: z.unknown().optional() });
/** The issuer's answer on the redirect URI; openid-client reads code / error / iss from the URL itself. */
const callbackQuery = z.object({
  state: z.string().max(1000).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
const acsBody = z.object({ SAMLResponse: z.string().max(1_000_000).optional(), RelayState: z.string().max(1000).optional() });

/** The provider's form post (application/x-www-form-urlencoded; a SAMLResponse is a few to a few hundred kB). */
const parseForm = bodyParser({ enableTypes: ['form'], formLimit: '1mb', parsedMethods: ['POST'] });
const readForm: Middleware<AppState, AppContextExtensions> = (ctx, next) => {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new SignInError('invalid', `ACS post as ${ctx.get('content-type') || 'no content type'}`);
  return parseForm(ctx, next);
};

/**
 * Ends a manager's "Test sign-in": the provider's answer has been through every check of a
 * sign-in (`identityOf` verifies it, then vouchFor), and what came back, or the check that refused
 * it, is kept on the connection for its panel. Nobody is signed in; the manager's session is
 * untouched. Back to the panel with `ssoTest=passed|failed`.
 */
async function finishTest(ctx: AppContext, row: IdentityProvider, flow: SignInFlow, identityOf: () => Promise<SamlIdentity | OidcIdentity>): Promise<void> {
  const { db } = ctx.deps;
  let identity: SamlIdentity | OidcIdentity | null = null;
  let outcome: SsoTestOutcome;
  try {
    identity = await identityOf();
    await vouchFor(db, row, identity, ctx.now());
    outcome = { ok: true, email: identity.email, name: fullName(identity), failure: null };
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    outcome = {
      ok: false,
      email: identity?.email ?? null,
      name: identity ? fullName(identity) : null,
      failure: { code: error.code, detail: error.message.slice(0, 500) },
    };
  }
  await recordTestSignIn(db, Number(row.id), outcome, ctx.now());
  ctx.state.log.info({ connectionId: row.id, testedBy: flow.testedBy, ok: outcome.ok, failure: outcome.failure?.code }, 'school sign-in tested');
  const back = new URL(flow.returnTo, 'https://atrium.invalid');
  back.searchParams.set('ssoTest', outcome.ok ? 'passed' : 'failed');
  ctx.redirect(back.pathname + back.search + back.hash);
}

const fullName = (identity: SamlIdentity | OidcIdentity) => [identity.givenName, identity.familyName].filter(Boolean).join(' ') || null;

/** Sign-in with a school's or trust's own provider (issue 57): SAML 2.0 service provider and OIDC relying party routes. */
export function schoolSignInRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/auth/sso/start',
    access: 'public',
    answer: { status: 302, headers: { Location: 'The school’s SAML provider (`SAMLRequest`); `/auth?signInError=<code>` when refused' } },
    cache: 'no-store',
    query: findQuery,
    rateLimit: { limit: 'signInStart', by: 'ip' },
    before: [landOnAuthPage],
    async handler(ctx) {
      const email = normalizedEmailOrNull(ctx.input.query.email);
      const row = email ? await identityProviderForEmail(ctx.deps.db, email) : null;
      // Only proven domains lead anywhere, and a proven domain is public (its DNS record), so this
      // tells nobody whether an account exists.
      if (!row) throw new SignInError('no_sso', `no school provider for ${email ?? 'a malformed address'}`);
      await startSignIn(ctx, row, safeReturnTo(ctx.input.query.returnTo));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/sso/:connectionId/start',
    access: 'public',
    answer: { status: 302, headers: { Location: 'The school’s SAML provider (`SAMLRequest`); `/auth?signInError=<code>` when refused' } },
    cache: 'no-store',
    params: connectionParams,
    query: startQuery,
    rateLimit: { limit: 'signInStart', by: 'ip' },
    before: [landOnAuthPage],
    async handler(ctx) {
      const row = await identityProviderById(ctx.deps.db, ctx.input.params.connectionId);
      if (!row) throw new SignInError('not_configured', `no school connection ${ctx.input.params.connectionId}`);
      await startSignIn(ctx, row, safeReturnTo(ctx.input.query.returnTo));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/sso/:connectionId/metadata',
    access: 'public',
    params: connectionParams,
    answer: { contentType: 'application/samlmetadata+xml' },
    async handler(ctx) {
      const row = await identityProviderById(ctx.deps.db, ctx.input.params.connectionId);
      if (!row || row.kind !== 'saml') throw notFound('There is no SAML connection here.');
      const connection = samlConnection(row);
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = 'application/samlmetadata+xml';
      ctx.body = serviceProviderMetadata(connection, serviceProviderUrls(ctx.deps.config.publicUrl, connection.id));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/auth/sso/:connectionId/acs',
    access: 'public',
    answer: { status: 302, headers: { Location: '`returnTo`, signed in; `/auth?signInError=<code>` when refused' } },
    cache: 'no-store',
    params: connectionParams,
    body: acsBody,
    rateLimit: { limit: 'signInCallback', by: 'ip' },
    before: [landOnAuthPage, readForm],
    async handler(ctx) {
      const { db, clock, config, mailer } = ctx.deps;
      const connectionId = ctx.input.params.connectionId;
      const { SAMLResponse, RelayState } = ctx.input.body;
      if (!SAMLResponse) throw new SignInError('invalid', 'ACS post without SAMLResponse');
      // No RelayState: a response nobody here asked for (IdP-initiated), which we never accept.
      if (!RelayState) throw new SignInError('invalid', 'unsolicited response (no RelayState)');
      const browserId = ctx.cookies.get(SSO_BROWSER_COOKIE, { signed: true }) ?? null;
      const flow = await claimFlow(db, clock, { state: RelayState, browserId, provider: ssoProviderKey(connectionId) });
      ctx.cookies.set(SSO_BROWSER_COOKIE, null, { path: COOKIE_PATH });
      const row = await identityProviderById(db, connectionId);
      if (!row || row.kind !== 'saml') throw new SignInError('not_configured', `connection ${connectionId} is gone`);
      const connection = samlConnection(row);
      const verified = () => validateSamlResponse(connection, serviceProviderUrls(config.publicUrl, connectionId), SAMLResponse, { requestId: flow.nonce });
      if (flow.testedBy !== null) return finishTest(ctx, row, flow, verified);
      const identity = await verified();
      const outcome = await signInWithSchoolProvider(db, { mailer, brand: config, now: ctx.now() }, row, identity);
      await signIn(ctx, outcome.user);
      ctx.state.log.info(
        { userId: outcome.user.id, connectionId, created: outcome.created, linked: outcome.linked, joinedSchoolId: outcome.joinedSchoolId },
        'signed in with school provider',
      );
      ctx.redirect(flow.returnTo);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/auth/sso/:connectionId/callback',
    access: 'public',
    cache: 'no-store',
    params: connectionParams,
    query: callbackQuery,
    // Always a redirect: to returnTo once signed in, to /auth?signInError=… otherwise.
    answer: { status: 302 },
    rateLimit: { limit: 'signInCallback', by: 'ip' },
    before: [landOnAuthPage],
    async handler(ctx) {
      const { db, clock, config, mailer } = ctx.deps;
      const connectionId = ctx.input.params.connectionId;
      const { state, error } = ctx.input.query;
      if (!state) throw new SignInError(error === 'access_denied' ? 'cancelled' : 'invalid', `OIDC callback without state${error ? ` (${error})` : ''}`);
      const browserId = ctx.cookies.get(SSO_BROWSER_COOKIE, { signed: true }) ?? null;
      const flow = await claimFlow(db, clock, { state, browserId, provider: ssoProviderKey(connectionId) });
      ctx.cookies.set(SSO_BROWSER_COOKIE, null, { path: COOKIE_PATH });
      const row = await identityProviderById(db, connectionId);
      if (!row || row.kind !== 'oidc') throw new SignInError('not_configured', `connection ${connectionId} is gone or no longer OIDC`);
      // The URL exactly as the issuer sent the browser here, on the registered redirect URI.
      const callbackUrl = new URL(`${oidcRedirectUri(config.publicUrl, connectionId)}?${ctx.querystring}`);
      const verified = () =>
        oidcExchange(oidcConnection(ctx, row), clock, config.isProduction, callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      if (flow.testedBy !== null) return finishTest(ctx, row, flow, verified);
      const identity = await verified();
      const outcome = await signInWithSchoolProvider(db, { mailer, brand: config, now: ctx.now() }, row, identity);
      await signIn(ctx, outcome.user);
      ctx.state.log.info(
        { userId: outcome.user.id, connectionId, kind: 'oidc', created: outcome.created, linked: outcome.linked, joinedSchoolId: outcome.joinedSchoolId },
        'signed in with school provider',
      );
      ctx.redirect(flow.returnTo);
    },
  });
}
