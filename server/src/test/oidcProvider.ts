import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload, type CryptoKey } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { TestClient, TestResponse } from './client.ts';

/**
 * A real OpenID Connect provider (oidc-provider, a certified implementation) on a loopback port,
 * for the project's own tests and browser journeys. It has two clients, one the app uses as
 * "google" and one as "microsoft" (through GOOGLE_ISSUER / MICROSOFT_ISSUER), plus a third
 * client the app does not know, to test codes issued to someone else.
 *
 * People sign in at a small HTML form by e-mail address; the accounts are whatever the test puts
 * in `accounts`. The consent step is granted at once (a first-party app, as Workspace and Entra
 * admins usually configure it). `tamper` lets a test change the id token the token endpoint returns,
 * re-signed with the provider's own key: what a misbehaving or compromised provider would send.
 */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  /** Microsoft: the tenant the account belongs to. */
  tid?: string;
  xms_edov?: boolean;
  /** Google: the Workspace that manages the account (absent for a personal account). */
  hd?: string;
}

export interface TestOidcProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** Rewrites the next id tokens' claims (null = leave them alone). */
  tamper: ((claims: JWTPayload) => JWTPayload) | null;
  /** The app's environment pointing both providers at this one. */
  env(): Record<string, string>;
  /** Adds an account and returns it. */
  addAccount(account: Partial<TestAccount> & { email: string }): TestAccount;
  close(): Promise<void>;
}

export const TEST_CLIENTS = {
  google: { id: 'atrium-google', secret: 'google-secret-for-tests-only-0123456789' },
  microsoft: { id: 'atrium-microsoft', secret: 'microsoft-secret-for-tests-only-0123456789' },
  stranger: { id: 'someone-else', secret: 'someone-else-secret-0123456789' },
  /** A school's own connection (kind "oidc"): its redirect URI is any `/api/auth/sso/<id>/callback` on loopback. */
  school: { id: 'atrium-school', secret: 'school-secret-for-tests-only-0123456789' },
} as const;

/** The redirect URIs the school client accepts: a connection's callback on loopback, whatever its id and port. */
const SCHOOL_REDIRECT = /^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/sso\/\d+\/callback$/;

let counter = 0;

/**
 * Starts the provider. Its clients are "native" clients (RFC 8252): a redirect URI on
 * http://127.0.0.1 matches whatever port the app under test listens on.
 */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const signingKey: CryptoKey = privateKey;
  const accounts = new Map<string, TestAccount>();
  const redirectUris = (provider: string) => [`http://127.0.0.1/api/auth/${provider}/callback`];
  const allRedirects = [...redirectUris('google'), ...redirectUris('microsoft')];
  const native = { application_type: 'native', grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_post' };

  const configuration: Configuration = {
    clients: [
      { ...native, client_id: TEST_CLIENTS.google.id, client_secret: TEST_CLIENTS.google.secret, redirect_uris: redirectUris('google') },
      { ...native, client_id: TEST_CLIENTS.microsoft.id, client_secret: TEST_CLIENTS.microsoft.secret, redirect_uris: redirectUris('microsoft') },
      { ...native, client_id: TEST_CLIENTS.stranger.id, client_secret: TEST_CLIENTS.stranger.secret, redirect_uris: allRedirects },
      { ...native, client_id: TEST_CLIENTS.school.id, client_secret: TEST_CLIENTS.school.secret, redirect_uris: ['http://127.0.0.1/api/auth/sso/1/callback'] },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    // Google and Microsoft put the profile and e-mail claims in the id token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'tid', 'hd'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['given_name', 'family_name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  // The school client's connection id is only known once the test saved it: accept any.
  const redirectUriAllowed = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: typeof provider.Client.prototype, value: string) {
    return this.clientId === TEST_CLIENTS.school.id ? SCHOOL_REDIRECT.test(value) : redirectUriAllowed.call(this, value);
  };

  const handle: TestOidcProvider = {
    issuer,
    accounts,
    tamper: null,
    env: () => ({
      GOOGLE_CLIENT_ID: TEST_CLIENTS.google.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENTS.google.secret,
      GOOGLE_ISSUER: issuer,
      MICROSOFT_CLIENT_ID: TEST_CLIENTS.microsoft.id,
      MICROSOFT_CLIENT_SECRET: TEST_CLIENTS.microsoft.secret,
      MICROSOFT_ISSUER: issuer,
    }),
    addAccount(account) {
      counter += 1;
      const full: TestAccount = { sub: `sub-${Date.now().toString(36)}-${counter}`, email_verified: true, ...account };
      accounts.set(full.sub, full);
      return full;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  // The sign-in page: an e-mail address field, as simple as a provider's first step.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (!match) {
      await next();
      if (ctx.path === '/token' && handle.tamper && ctx.body && typeof ctx.body === 'object' && 'id_token' in ctx.body) {
        const body = ctx.body as { id_token: string };
        const claims = handle.tamper(decodeJwt(body.id_token));
        body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(signingKey);
      }
      return;
    }
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    // First-party: the consent step is granted at once (oidc-provider asks it of native clients).
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'preferred_username', 'tid', 'xms_edov', 'hd']);
      const grantId = await grant.save();
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      ctx.status = 303;
      ctx.redirect(returnTo);
      return;
    }
    if (ctx.method === 'POST') {
      const body = await readForm(ctx.req);
      const login = (body.get('email') ?? '').trim().toLowerCase();
      const account = [...accounts.values()].find((candidate) => candidate.email?.toLowerCase() === login);
      if (!account) {
        ctx.type = 'html';
        ctx.body = page(details.uid, `No account ${escapeHtml(login)} here.`);
        return;
      }
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      ctx.status = 303;
      ctx.redirect(returnTo);
      return;
    }
    ctx.type = 'html';
    ctx.body = page(details.uid, '');
  });

  server.on('request', provider.callback());
  return handle;
}

function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => resolve(new URLSearchParams(raw)));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, problem: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Sign in to the test identity provider</h1>${problem ? `<p role="alert">${problem}</p>` : ''}
<form method="post" action="/interaction/${uid}"><label>Email <input name="email" type="email" autocomplete="username"></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

/** What the app's browser meets at the provider: follows the provider's redirects, signing in as `email`. */
export async function signInAtProvider(authorizationUrl: string, email: string | null): Promise<{ callback: URL | null; status: number }> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let hops = 0; hops < 10; hops += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return { callback: next, status: response.status };
      url = next.href;
      continue;
    }
    if (response.status !== 200 || email === null) return { callback: null, status: response.status };
    const form = await send(url, { method: 'POST', body: new URLSearchParams({ email }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const after = form.headers.get('location');
    if (!after) return { callback: null, status: form.status };
    url = new URL(after, url).href;
    email = null;
  }
  throw new Error('too many redirects at the test provider');
}

/**
 * A whole provider sign-in as a browser does it: the app's start route, the provider (signing in
 * as `email`, or stopping at its form when null), then the app's callback. `alter` changes the
 * authorization request on its way to the provider, as a tampering browser or proxy could.
 */
export async function signInThroughProvider(
  client: TestClient,
  options: { provider?: 'google' | 'microsoft'; email: string; returnTo?: string; link?: boolean; alter?: (url: URL) => void },
): Promise<{ start: TestResponse; callback: URL; back: TestResponse }> {
  const provider = options.provider ?? 'google';
  const params = new URLSearchParams();
  if (options.returnTo !== undefined) params.set('returnTo', options.returnTo);
  if (options.link) params.set('link', '1');
  const query = params.size ? `?${params}` : '';
  const start = await client.get(`/api/auth/${provider}/start${query}`);
  const location = start.headers.get('location');
  if (start.status !== 302 || !location || location.startsWith('/')) throw new Error(`start did not leave for the provider: ${start.status} ${location}`);
  const authorization = new URL(location);
  options.alter?.(authorization);
  const { callback, status } = await signInAtProvider(authorization.href, options.email);
  if (!callback) throw new Error(`the provider did not send the browser back (${status})`);
  const back = await client.get(callback.pathname + callback.search);
  return { start, callback, back };
}
