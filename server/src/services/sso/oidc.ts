import * as oidc from 'openid-client';
import { normalizedEmailOrNull } from '@atrium/common';
import { badRequest } from '../../errors.ts';
import type { Clock } from '../clock.ts';
import { privateAddressIn, publicFetch, tooLargeIn } from '../publicFetch.ts';
import { SignInError } from '../signIn/errors.ts';
import { classify as classifyProviderError, verifiedIdTokenClaims } from '../signIn/oidcClients.ts';

/**
 * Sign-in with a school's or trust's own OpenID Connect issuer, through openid-client (certified),
 * as Google / Microsoft sign-in does it (services/signIn/oidcClients.ts): discovery, the
 * authorization URL (code + PKCE S256, state, nonce), the code exchange whose id token the library
 * checks (signature against the JWKS named by discovery, issuer, audience, expiry against the
 * app's clock, nonce). Only the school's own issuer is trusted, and only for its proven domains
 * (commands/identityProviders.ts).
 */

const PROVIDER_TIMEOUT_S = 8;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A stored OIDC connection, its secret decrypted. */
export interface OidcConnection {
  id: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the issuer says signed in, from the verified id token. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** The redirect URI of one connection (register it at the provider). */
export const oidcRedirectUri = (publicUrl: string, connectionId: number) => `${publicUrl.replace(/\/+$/, '')}/api/auth/sso/${connectionId}/callback`;

const refuse = (field: string, sentence: string) => badRequest(sentence, { [field]: sentence });

/**
 * An issuer URL as entered: https, no query, fragment or credentials. Plain http on a loopback
 * host (local and test issuers) only outside production: the server itself fetches discovery,
 * so in production a manager must not be able to point it at a service on the server's own host.
 */
export function checkedIssuer(value: string, isProduction: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('issuer', 'The issuer must be a URL, such as https://login.example.org.');
  }
  if (url.search || url.hash || url.username || url.password) throw refuse('issuer', 'The issuer must not carry a query, a fragment or credentials.');
  if (!(url.protocol === 'https:' || (!isProduction && url.protocol === 'http:' && LOOPBACK.has(url.hostname))))
    throw refuse('issuer', 'The issuer must start with https://.');
  return value.replace(/\/+$/, '');
}

const insecure = (issuer: string) => new URL(issuer).protocol === 'http:';

// Every request to a school's issuer (discovery, JWKS, token) goes to public addresses only;
// loopback too outside production, where local and test issuers run (services/publicFetch.ts).
const fetchers = { production: publicFetch({ allowLoopback: false }), development: publicFetch({ allowLoopback: true }) };
const fetcherFor = (isProduction: boolean) => fetchers[isProduction ? 'production' : 'development'];

const discovered = new Map<string, { metadata: oidc.ServerMetadata; at: number }>();

/**
 * The issuer's discovery document, read once an hour per issuer. Its `issuer` must be the one
 * entered (openid-client checks it), and it must name an authorization endpoint, a token endpoint
 * and a JWKS. `fresh` reads it again (when a manager saves the connection).
 */
async function serverMetadata(issuer: string, clientId: string, isProduction: boolean, fresh = false): Promise<oidc.ServerMetadata> {
  const cached = discovered.get(issuer);
  if (!fresh && cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
  const configuration = await oidc.discovery(new URL(issuer), clientId, undefined, undefined, {
    execute: insecure(issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
    [oidc.customFetch]: fetcherFor(isProduction),
  });
  const metadata = configuration.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri)
    throw new Error('discovery names no authorization endpoint, token endpoint or JWKS');
  discovered.set(issuer, { metadata, at: Date.now() });
  return metadata;
}

/** Checks, when a manager saves it, that the issuer answers discovery for itself: else a 400 naming `issuer`. */
export async function checkOidcIssuer(issuer: string, clientId: string, isProduction: boolean): Promise<void> {
  try {
    await serverMetadata(issuer, clientId, isProduction, true);
  } catch (error) {
    const refused = privateAddressIn(error);
    if (refused) throw refuse('issuer', `The issuer must be on the internet: ${refused.message}.`);
    const tooLarge = tooLargeIn(error);
    if (tooLarge) throw refuse('issuer', `No usable OpenID Connect discovery at ${issuer}: ${tooLarge.message}.`);
    const reason = error instanceof Error ? error.message : String(error);
    throw refuse('issuer', `No OpenID Connect discovery at ${issuer}/.well-known/openid-configuration (${reason.slice(0, 200)}).`);
  }
}

/** The connection's openid-client configuration, with the app clock's offset from the system time. */
async function configurationOf(connection: OidcConnection, clock: Clock, isProduction: boolean): Promise<oidc.Configuration> {
  let metadata: oidc.ServerMetadata;
  try {
    metadata = await serverMetadata(connection.issuer, connection.clientId, isProduction);
  } catch (error) {
    throw new SignInError('unavailable', `discovery at ${connection.issuer} failed`, { cause: error });
  }
  const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
  const configuration = new oidc.Configuration(
    metadata,
    connection.clientId,
    { client_secret: connection.clientSecret, [oidc.clockSkew]: skew },
    oidc.ClientSecretPost(connection.clientSecret),
  );
  configuration.timeout = PROVIDER_TIMEOUT_S;
  configuration[oidc.customFetch] = fetcherFor(isProduction);
  if (insecure(connection.issuer)) oidc.allowInsecureRequests(configuration);
  return configuration;
}

/** Where to send the browser: the issuer's authorization endpoint with this flow's checks. */
export async function oidcAuthorizationUrl(
  connection: OidcConnection,
  clock: Clock,
  isProduction: boolean,
  redirectUri: string,
  checks: OidcChecks,
): Promise<URL> {
  const configuration = await configurationOf(connection, clock, isProduction);
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** Exchanges the code in `callbackUrl` and returns who signed in, after every check; any failure is a SignInError. */
export async function oidcExchange(
  connection: OidcConnection,
  clock: Clock,
  isProduction: boolean,
  callbackUrl: URL,
  checks: OidcChecks,
): Promise<OidcIdentity> {
  const claims = await verifiedIdTokenClaims(await configurationOf(connection, clock, isProduction), callbackUrl, checks, classify);
  const subject = text(claims.sub, 255);
  if (!subject) throw new SignInError('invalid', 'the id token has no subject');
  // The school's issuer speaks for its own domains; an address it says it has not verified is refused all the same.
  if (claims.email_verified === false) throw new SignInError('unverified', `the issuer marks ${String(claims.email)} as not verified`);
  return {
    subject,
    email: normalizedEmailOrNull(text(claims.email, 254)),
    givenName: text(claims.given_name, 100),
    familyName: text(claims.family_name, 100),
  };
}

/** openid-client's refusal as a sign-in outcome (as for Google / Microsoft), an expired id token said as such. */
function classify(error: unknown): SignInError {
  const outcome = classifyProviderError(error);
  const code = (error as { code?: unknown }).code;
  const detail = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new SignInError('expired', `${outcome.message}${detail}`, { cause: error });
  return detail ? new SignInError(outcome.code, `${outcome.message}${detail}`, { cause: error }) : outcome;
}
