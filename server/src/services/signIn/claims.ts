import { normalizedEmailOrNull } from '@atrium/common';
import type { SignInProvider } from '../../config/signInProviders.ts';
import { SignInError } from './errors.ts';

/** Microsoft's tenant for personal accounts (outlook.com, hotmail.com, live.com). */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const TENANT_TEMPLATE = '{tenantid}';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A school's or trust's own provider (issue 57), as `userIdentities.provider` and `signInFlows.provider` name it. */
export type SsoProviderKey = `sso:${number}`;
export const ssoProviderKey = (connectionId: number): SsoProviderKey => `sso:${connectionId}`;
export const isSsoProvider = (provider: string): provider is SsoProviderKey => provider.startsWith('sso:');
/** Any provider an identity can come from: Google / Microsoft, or a school's own. */
export type IdentityProviderKey = SignInProvider | SsoProviderKey;

/** Who signed in, as Atrium's account rules need it. */
export interface ProviderIdentity {
  provider: IdentityProviderKey;
  subject: string;
  /** Normalised (common's normalizeEmail); null when the provider gave no usable address. */
  email: string | null;
  /** True only when the provider vouches for the address (see identityFromClaims). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /**
   * Google: the `hd` claim, the primary domain of the Google Workspace that manages the account
   * (lower-cased); null for a personal Google account, and always for Microsoft.
   */
  hostedDomain: string | null;
}

export interface IdClaims {
  iss: string;
  sub: string;
  [claim: string]: unknown;
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);
/** The address in its one spelling (common's normalizeEmail), or null for anything else. */
const address = normalizedEmailOrNull;

/**
 * The issuer a Microsoft token must carry. With the `organizations` or `common` tenant the
 * discovered issuer is a template (`https://login.microsoftonline.com/{tenantid}/v2.0`): the
 * token's own `tid` fills it in, so a token is checked against the tenant it says it is from.
 */
export function expectedMicrosoftIssuer(discoveredIssuer: string, tid: unknown): string | null {
  if (!discoveredIssuer.includes(TENANT_TEMPLATE)) return discoveredIssuer;
  if (typeof tid !== 'string' || !GUID.test(tid)) return null;
  return discoveredIssuer.replace(TENANT_TEMPLATE, tid);
}

/**
 * Reads an id token openid-client has already verified (signature, issuer, audience, expiry,
 * nonce) into an identity, applying each provider's rule for a verified address:
 * - Google: `email` counts as verified only with `email_verified: true`.
 * - Microsoft: only a work or school account (a `tid` that is not the personal-account tenant)
 *   vouches for an address, and only in two cases. The `email` claim, when Microsoft marks its
 *   domain's owner verified by the tenant (`xms_edov: true`). The `preferred_username` (the
 *   sign-in name), only when the app is pinned to one tenant (pinnedTenant): any tenant's admins
 *   choose their users' sign-in names, and a guest's is whatever address it was invited under, so
 *   with `organizations` or `common` it proves nothing about who owns the address (Microsoft says
 *   as much: it is mutable and not for authorization). Otherwise the address is kept (a new
 *   account is refused, an existing one is not linked) but never counts as verified.
 */
export function identityFromClaims(provider: SignInProvider, claims: IdClaims, context: { discoveredIssuer: string; tenant: string | null }): ProviderIdentity {
  const subject = text(claims.sub, 255);
  if (!subject) throw new SignInError('invalid', 'the id token has no subject');
  const base = { provider, subject, givenName: text(claims.given_name, 100), familyName: text(claims.family_name, 100), hostedDomain: null };
  if (provider === 'google') {
    const email = address(claims.email);
    const hostedDomain = text(claims.hd, 253)?.toLowerCase() ?? null;
    return { ...base, email, emailVerified: email !== null && claims.email_verified === true, hostedDomain };
  }
  const tid = claims.tid;
  const expected = expectedMicrosoftIssuer(context.discoveredIssuer, tid);
  if (expected === null || claims.iss !== expected) throw new SignInError('invalid', `issuer ${String(claims.iss)} does not match the token's tenant`);
  const tenant = context.tenant;
  if (tenant && GUID.test(tenant) && tid !== tenant) throw new SignInError('invalid', `token from tenant ${String(tid)}, not the configured tenant`);
  const workAccount = typeof tid === 'string' && GUID.test(tid) && tid.toLowerCase() !== MICROSOFT_CONSUMER_TENANT;
  const username = address(claims.preferred_username);
  const email = address(claims.email);
  if (workAccount && claims.xms_edov === true && email) return { ...base, email, emailVerified: true };
  if (workAccount && username && pinnedTenant(tenant, context.discoveredIssuer)) return { ...base, email: username, emailVerified: true };
  return { ...base, email: email ?? username, emailVerified: false };
}

const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

/**
 * True when the app accepts one tenant's tokens only, chosen by whoever deploys it: a tenant id
 * (each token's `tid` is checked against it above) or a tenant's domain (its discovered issuer
 * names that one tenant, with no `{tenantid}` template left for the token to fill in).
 */
export function pinnedTenant(tenant: string | null, discoveredIssuer: string): boolean {
  if (!tenant || MULTI_TENANT.has(tenant.toLowerCase())) return false;
  return GUID.test(tenant) || !discoveredIssuer.includes(TENANT_TEMPLATE);
}
