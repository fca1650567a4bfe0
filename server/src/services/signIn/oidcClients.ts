import * as oidc from 'openid-client';
import type { Clock } from '../clock.ts';
import { GOOGLE_DEFAULT_ISSUER, type SignInProvider, type SignInProviderConfig } from '../../config/signInProviders.ts';
import { identityFromClaims, type ProviderIdentity } from './claims.ts';
import { SignInError } from './errors.ts';

/** How long discovery and a provider's token endpoint get before the provider counts as down. */
const PROVIDER_TIMEOUT_S = 8;
/** Discovery documents change rarely; read them again after this long. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

interface Discovered {
  metadata: oidc.ServerMetadata;
  at: number;
}

/**
 * The configured OpenID Connect providers, through openid-client (certified): discovery, the
 * authorization URL (code + PKCE S256, state, nonce) and the code exchange, whose id token the
 * library checks (signature against the provider's JWKS, issuer, audience, expiry against the
 * app's clock, nonce). Account rules are not here: see commands/signInWithProvider.ts.
 */
export class SignInClients {
  private readonly byName = new Map<SignInProvider, SignInProviderConfig>();
  private readonly discovered = new Map<SignInProvider, Discovered>();

  constructor(
    providers: SignInProviderConfig[],
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {
    for (const provider of providers) this.byName.set(provider.provider, provider);
  }

  /** The providers whose buttons are shown, in a fixed order. */
  names(): SignInProvider[] {
    return [...this.byName.keys()];
  }

  has(name: string): name is SignInProvider {
    return this.byName.has(name as SignInProvider);
  }

  redirectUri(name: SignInProvider): string {
    return `${this.publicUrl}/api/auth/${name}/callback`;
  }

  /**
   * The provider's configuration for one flow. Discovery runs once an hour; each flow builds its
   * configuration from the discovered metadata (no network), carrying the app clock's offset from
   * the system time, since openid-client checks token times against its own notion of now.
   */
  private async configuration(name: SignInProvider): Promise<oidc.Configuration> {
    const provider = this.byName.get(name);
    if (!provider) throw new SignInError('not_configured', `${name} sign-in is not configured`);
    const metadata = await this.serverMetadata(provider);
    const skew = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    const configuration = new oidc.Configuration(
      metadata,
      provider.clientId,
      { client_secret: provider.clientSecret, [oidc.clockSkew]: skew },
      oidc.ClientSecretPost(provider.clientSecret),
    );
    configuration.timeout = PROVIDER_TIMEOUT_S;
    if (provider.insecureLoopback) oidc.allowInsecureRequests(configuration);
    return configuration;
  }

  private async serverMetadata(provider: SignInProviderConfig): Promise<oidc.ServerMetadata> {
    const cached = this.discovered.get(provider.provider);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
    try {
      const discovered = await oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        execute: provider.insecureLoopback ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_S,
      });
      const metadata = discovered.serverMetadata();
      this.discovered.set(provider.provider, { metadata, at: Date.now() });
      return metadata;
    } catch (error) {
      throw new SignInError('unavailable', `discovery at ${provider.issuer} failed`, { cause: error });
    }
  }

  /** Where to send the browser: the provider's authorization endpoint with this flow's checks. */
  async authorizationUrl(name: SignInProvider, checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const configuration = await this.configuration(name);
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri(name),
      scope: 'openid email profile',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    // Let a person signed in to several accounts choose the school one, where the provider can.
    // (Google does not list its prompt values in discovery; others refuse a value they do not know.)
    const prompts = configuration.serverMetadata().prompt_values_supported;
    if ((Array.isArray(prompts) && prompts.includes('select_account')) || this.byName.get(name)!.issuer === GOOGLE_DEFAULT_ISSUER)
      parameters.prompt = 'select_account';
    return oidc.buildAuthorizationUrl(configuration, parameters);
  }

  /** Exchanges the code in `callbackUrl` and returns who signed in, after every check. */
  async exchange(name: SignInProvider, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderIdentity> {
    const configuration = await this.configuration(name);
    const claims = await verifiedIdTokenClaims(configuration, callbackUrl, checks);
    const provider = this.byName.get(name)!;
    return identityFromClaims(name, claims, { discoveredIssuer: configuration.serverMetadata().issuer, tenant: provider.tenant });
  }
}

/**
 * The code exchange with every check (PKCE, state, nonce; the id token's signature, issuer,
 * audience and expiry), returning the verified id token's claims; any failure is a SignInError.
 * Used for Google / Microsoft and for schools' own issuers (services/sso/oidc.ts), which map the
 * library's errors with `mapError`.
 */
export async function verifiedIdTokenClaims(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  mapError: (error: unknown) => SignInError = classify,
): Promise<oidc.IDToken> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw mapError(error);
  }
  const claims = tokens.claims();
  if (!claims) throw new SignInError('invalid', 'the token response had no id token');
  return claims;
}

/** A library error as a sign-in outcome: the provider refusing or unreachable, or a failed check (school issuers too: services/sso/oidc.ts). */
export function classify(error: unknown): SignInError {
  if (error instanceof oidc.AuthorizationResponseError) {
    return new SignInError(
      error.error === 'access_denied' ? 'cancelled' : 'invalid',
      `the provider answered ${error.error}: ${error.error_description ?? ''}`,
      { cause: error },
    );
  }
  if (error instanceof oidc.ResponseBodyError) return new SignInError('invalid', `the token endpoint answered ${error.error}`, { cause: error });
  const code = (error as { code?: string }).code;
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || (error instanceof Error && error.cause instanceof TypeError)) {
    return new SignInError('unavailable', 'the provider did not answer', { cause: error });
  }
  if (error instanceof TypeError) return new SignInError('unavailable', 'the provider did not answer', { cause: error });
  return new SignInError('invalid', error instanceof Error ? error.message : 'the provider response failed a check', { cause: error });
}
