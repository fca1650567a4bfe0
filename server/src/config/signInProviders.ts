import type { SignInProviderName } from '@atrium/common';

/** The school sign-in providers Atrium knows (common/src/api/signIn.ts); each is an OpenID Connect provider. */
export type SignInProvider = SignInProviderName;

export interface SignInProviderConfig {
  provider: SignInProvider;
  /** The issuer URL discovery starts from (`<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft only: the tenant (`organizations`, `common`, or a tenant id / domain). */
  tenant: string | null;
  /** True for a plain-http issuer on a loopback address (tests, local providers). */
  insecureLoopback: boolean;
}

export const GOOGLE_DEFAULT_ISSUER = 'https://accounts.google.com';
export const DEFAULT_MICROSOFT_TENANT = 'organizations';
export const microsoftIssuerFor = (tenant: string) => `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why an issuer URL is refused, or null: https anywhere, plain http only on a loopback address. */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'must be a URL';
  }
  if (url.search || url.hash) return 'must not have a query or fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be https (plain http only on a loopback address)';
}

export interface SignInEnv {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  MICROSOFT_CLIENT_ID?: string;
  MICROSOFT_CLIENT_SECRET?: string;
  MICROSOFT_TENANT?: string;
  MICROSOFT_ISSUER?: string;
}

/**
 * The configured providers. A provider is on when its client id and secret are both set; one
 * without the other, or an issuer that is not https (outside loopback), is a configuration
 * error named by its variable.
 */
export function signInProvidersFromEnv(env: SignInEnv): { providers: SignInProviderConfig[]; problems: string[] } {
  const providers: SignInProviderConfig[] = [];
  const problems: string[] = [];
  const add = (provider: SignInProvider, prefix: 'GOOGLE' | 'MICROSOFT', issuer: string, tenant: string | null) => {
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!clientId && !clientSecret) return;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
      return;
    }
    const problem = issuerProblem(issuer);
    if (problem) {
      problems.push(`${prefix}_ISSUER: ${problem}`);
      return;
    }
    const url = new URL(issuer);
    providers.push({ provider, issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, tenant, insecureLoopback: url.protocol === 'http:' });
  };
  add('google', 'GOOGLE', env.GOOGLE_ISSUER ?? GOOGLE_DEFAULT_ISSUER, null);
  const tenant = env.MICROSOFT_TENANT ?? DEFAULT_MICROSOFT_TENANT;
  add('microsoft', 'MICROSOFT', env.MICROSOFT_ISSUER ?? microsoftIssuerFor(tenant), tenant);
  return { providers, problems };
}
