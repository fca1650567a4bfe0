import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { IdentityProvider } from '../db/tables.ts';
import { ssoProviderKey } from '../services/signIn/claims.ts';
import { SignInError } from '../services/signIn/errors.ts';
import { saveFlow, SIGN_IN_FLOW_TTL_MS } from '../services/signIn/flows.ts';
import { decryptClientSecret, secretBinding } from '../services/sso/clientSecret.ts';
import { oidcAuthorizationUrl, oidcRedirectUri, type OidcConnection } from '../services/sso/oidc.ts';
import { authnRequestUrl, serviceProviderUrls, type SamlConnection } from '../services/sso/saml.ts';

// Leaving for a school's or trust's own provider: a sign-in (routes/api/auth/sso.ts) and a
// manager's "Test sign-in" (routes/owners/identityProvider.ts) start the same way.

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
export const COOKIE_PATH = '/api/auth/sso';

export const samlConnection = (row: IdentityProvider): SamlConnection => ({
  id: Number(row.id),
  entityId: row.entityId ?? '',
  ssoUrl: row.ssoUrl ?? '',
  certificates: (row.certificates ?? '').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [],
});

/** An OIDC connection with its secret opened; a secret no SESSION_SECRET key opens makes the connection unusable (said in the log). */
export function oidcConnection(ctx: AppContext, row: IdentityProvider): OidcConnection {
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

/**
 * Leaves for the connection's provider, whichever kind it is. `testedBy` is the manager running
 * a "Test sign-in": the provider's answer is then checked and recorded, and signs nobody in.
 */
export async function startSignIn(ctx: AppContext, row: IdentityProvider, returnTo: string, testedBy: number | null = null): Promise<void> {
  if (row.kind === 'oidc') await startOidc(ctx, oidcConnection(ctx, row), returnTo, testedBy);
  else await startSaml(ctx, samlConnection(row), returnTo, testedBy);
}

/**
 * Leaves for the school's OIDC issuer: code + PKCE (S256), state and nonce, kept in a flow row
 * (keyed by the hash of state) bound to this browser by the same cookie as SAML.
 */
async function startOidc(ctx: AppContext, connection: OidcConnection, returnTo: string, testedBy: number | null): Promise<void> {
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
    testedBy,
  });
  setBrowserCookie(ctx, browserId);
  ctx.state.log.info({ connectionId: connection.id, kind: 'oidc', testedBy }, testedBy ? 'school sign-in test started' : 'school sign-in started');
  ctx.redirect(url.href);
}

/**
 * Leaves for the provider: an AuthnRequest by HTTP-Redirect, its ID kept in a flow row (keyed by
 * the hash of RelayState, which the provider sends back) bound to this browser by the cookie.
 */
async function startSaml(ctx: AppContext, connection: SamlConnection, returnTo: string, testedBy: number | null): Promise<void> {
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
    testedBy,
  });
  setBrowserCookie(ctx, browserId);
  ctx.state.log.info({ connectionId: connection.id, kind: 'saml', testedBy }, testedBy ? 'school sign-in test started' : 'school sign-in started');
  ctx.redirect(url);
}
