import { randomBytes } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { normalizedEmailOrNull } from '@atrium/common';
import { signInWithSchoolProvider } from '../../../commands/identityProviders.ts';
import { notFound } from '../../../errors.ts';
import type { AppContext, AppContextExtensions, AppState } from '../../../context.ts';
import type { IdentityProvider } from '../../../db/tables.ts';
import { identityProviderById, identityProviderForEmail } from '../../../queries/identityProviders.ts';
import { ssoProviderKey } from '../../../services/signIn/claims.ts';
import { SignInError } from '../../../services/signIn/errors.ts';
import { claimFlow, safeReturnTo, saveFlow, SIGN_IN_FLOW_TTL_MS } from '../../../services/signIn/flows.ts';
import { decryptClientSecret, secretBinding } from '../../../services/sso/clientSecret.ts';
import { oidcAuthorizationUrl, oidcExchange, oidcRedirectUri, type OidcConnection } from '../../../services/sso/oidc.ts';
import { authnRequestUrl, serviceProviderMetadata, serviceProviderUrls, validateSamlResponse, type SamlConnection } from '../../../services/sso/saml.ts';
import type { Routes } from '../../define.ts';
import { signIn } from './passwords.ts';
import { landOnAuthPage } from './providers.ts';

/**
 * The cookie that ties a school sign-in to the browser that started it. The provider answers
 * with a cross-site form POST, which browsers send without SameSite=Lax cookies (the session's,
 * and atrium.signin's), so this one is `SameSite=None; Secure` (browsers refuse None without
 * Secure). Browsers take a Secure cookie from https, and from plain http on a loopback host
 * (localhost, 127.0.0.1: a developer's machine, the browser tests), so it is set so for an https
 * PUBLIC_URL and for a loopback one; Koa, which refuses Secure on a plain connection, is told the
 * connection counts as secure for that one cookie. Only on a plain-http PUBLIC_URL elsewhere (no
 * production setup) does it fall back to SameSite=Lax, which works only with a same-site provider.
 * It holds only a random id whose hash the flow row keeps; signed, httpOnly, scoped to
 * /api/auth/sso, living as long as the flow (10 minutes).
 */
export const SSO_BROWSER_COOKIE = 'atrium.sso';
const COOKIE_PATH = '/api/auth/sso';

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

const samlConnection = (row: IdentityProvider): SamlConnection => ({
  id: Number(row.id),
  entityId: row.entityId ?? '',
  ssoUrl: row.ssoUrl ?? '',
  certificates: (row.certificates ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [],
});

/** An OIDC connection with its secret opened; a secret no SESSION_SECRET key opens makes the connection unusable (said in the log). */
function oidcConnection(ctx: AppContext, row: IdentityProvider): OidcConnection {
  const clientSecret = row.clientSecret ? decryptClientSecret(row.clientSecret, secretBinding(row), ctx.deps.config.sessionKeys) : null;
  if (!row.issuer || !row.clientId || clientSecret === null)
    throw new SignInError('not_configured', `connection ${row.id}'s client secret does not open with SESSION_SECRET (rotated away?): save it again`);
  return { id: Number(row.id), issuer: row.issuer, clientId: row.clientId, clientSecret };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Whether browsers accept a Secure cookie from PUBLIC_URL: https, or a loopback host (they count it as secure). */
function cookieSecure(ctx: AppContext): boolean {
  const url = new URL(ctx.deps.config.publicUrl);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}

/** Ties the flow to this browser: the cookie holding the random id whose hash the flow row keeps. */
function setBrowserCookie(ctx: AppContext, browserId: string): void {
  const secure = cookieSecure(ctx);
  // Behind TLS Koa already knows; on loopback http the browser accepts Secure though the connection is plain.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(SSO_BROWSER_COOKIE, browserId, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: secure ? 'none' : 'lax',
    secure,
    signed: true,
    maxAge: SIGN_IN_FLOW_TTL_MS,
  });
}

/** Leaves for the connection's provider, whichever kind it is. */
async function startSignIn(ctx: AppContext, row: IdentityProvider, returnTo: string): Promise<void> {
  if (row.kind === 'oidc') await startOidc(ctx, oidcConnection(ctx, row), returnTo);
  else await startSaml(ctx, samlConnection(row), returnTo);
}

/**
 * Leaves for the school's OIDC issuer: code + PKCE (S256), state and nonce, kept in a flow row
 * (keyed by the hash of state) bound to this browser by the same cookie as SAML.
 */
async function startOidc(ctx: AppContext, connection: OidcConnection, returnTo: string): Promise<void> {
  const { db, clock, config } = ctx.deps;
  const checks = {
    state: randomBytes(32).toString('base64url'),
    nonce: randomBytes(32).toString('base64url'),
    codeVerifier: randomBytes(48).toString('base64url'),
  };
  const browserId = randomBytes(32).toString('base64url');
  const url = await oidcAuthorizationUrl(connection, clock, config.isProduction, oidcRedirectUri(config.publicUrl, connection.id), checks);
  await saveFlow(db, clock, {
    state: checks.state,
    browserId,
    provider: ssoProviderKey(connection.id),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    returnTo,
    linkUserId: null,
  });
  setBrowserCookie(ctx, browserId);
  ctx.state.log.info({ connectionId: connection.id, kind: 'oidc' }, 'school sign-in started');
  ctx.redirect(url.href);
}

/**
 * Leaves for the provider: an AuthnRequest by HTTP-Redirect, its ID kept in a flow row (keyed by
 * the hash of RelayState, which the provider sends back) bound to this browser by the cookie.
 */
async function startSaml(ctx: AppContext, connection: SamlConnection, returnTo: string): Promise<void> {
  const { db, clock, config } = ctx.deps;
  const relayState = randomBytes(32).toString('base64url');
  const browserId = randomBytes(32).toString('base64url');
  const { url, requestId } = await authnRequestUrl(connection, serviceProviderUrls(config.publicUrl, connection.id), relayState);
  await saveFlow(db, clock, {
    state: relayState,
    browserId,
    provider: ssoProviderKey(connection.id),
    nonce: requestId,
    codeVerifier: '',
    returnTo,
    linkUserId: null,
  });
  setBrowserCookie(ctx, browserId);
  ctx.state.log.info({ connectionId: connection.id, kind: 'saml' }, 'school sign-in started');
  ctx.redirect(url);
}

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
      const identity = await validateSamlResponse(connection, serviceProviderUrls(config.publicUrl, connectionId), SAMLResponse, { requestId: flow.nonce });
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
      const identity = await oidcExchange(oidcConnection(ctx, row), clock, config.isProduction, callbackUrl, {
        state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
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
