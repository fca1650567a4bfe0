import type { Middleware } from 'koa';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import type { AppContextExtensions, AppState } from '../context.ts';
import { isWidgetEndpoint } from './cors.ts';

/**
 * The portal's CSP allows exactly the third parties it uses: Stripe.js on checkout (script,
 * frames, API) and the Vimeo player. @vimeo/player asks https://vimeo.com/api/oembed.json for
 * the embed (a `*.vimeo.com` source does not match the bare host), VideoPlayer checks that
 * player.vimeo.com answers before showing the iframe, and thumbnails come from i.vimeocdn.com;
 * the video itself streams inside the player's own frame, under Vimeo's policy, not ours.
 * styled-components writes <style> tags at run time, hence 'unsafe-inline' for styles only;
 * scripts stay 'self'.
 */
export const PORTAL_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.vimeocdn.com', 'https://*.stripe.com'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com', 'https://vimeo.com', 'https://player.vimeo.com'],
  frameSrc: ['https://player.vimeo.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
  mediaSrc: ["'self'"],
  // The portal is not meant to be framed; schools embed the widgets, which are scripts.
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

type Helmet = ReturnType<typeof helmet>;

/**
 * The headers a helmet configuration sets, taken once. Every policy here is static (no nonce, no
 * function of the request), so running helmet's chain on each request only set the same headers
 * again, through a promise and a dozen closures: about 2 µs, some 3 % of a dashboard answer's
 * server CPU, replayed here from a list for issue 54's dashboard target (bench/README.md). Helmet
 * stays the source of what is sent; the test compares the replay with helmet run on a response.
 */
export function helmetHeaders(middleware: Helmet): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, readonly [string, string]>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown = null;
  middleware({ headers: {} } as Parameters<Helmet>[0], response as unknown as Parameters<Helmet>[1], (error?: unknown) => {
    if (error) failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers.values()];
}

export function securityHeaders(config: Config): Middleware<AppState, AppContextExtensions> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const portal = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...PORTAL_CSP, ...(https ? { upgradeInsecureRequests: [] } : {}) } },
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Stripe's and Vimeo's frames are not COEP-ready; the default would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Example pages stand in for a school's own site and carry that site's CSP.
  const plain = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  // Answers under /api/ (JSON, and the PDFs and files read through it) are never a page whose links
  // and window matter (CONTRACT.md "API answers"). The headers that only govern such a page (DNS
  // prefetching from its links, its agent cluster, its window's opener, IE's download dialog and
  // XSS auditor) are left out: OWASP's REST Security Cheat Sheet lists what an API answer needs,
  // and each header sent is parsed by every client on every answer (issue 54's dashboard).
  const notForApi = {
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xXssProtection: false,
  } as const;
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    ...notForApi,
  });
  // The widget and credential endpoints: the example pages' set, read from other origins, less the
  // same page-only headers.
  const publicApi = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    ...notForApi,
  });

  const headers = { portal: helmetHeaders(portal), plain: helmetHeaders(plain), api: helmetHeaders(api), publicApi: helmetHeaders(publicApi) };

  return (ctx, next) => {
    const path = ctx.path;
    // Exactly the widgets' and the example pages' own folders: the portal answers every other path
    // (/examples-x included) with its page, which keeps the portal's policy.
    const isEmbeddable = path.startsWith('/widgets/') || path === '/examples' || path.startsWith('/examples/');
    const isApi = path.startsWith('/api/');
    // The widget and credential endpoints are read by school websites and verifiers on other origins.
    const isPublicApi = isApi && isWidgetEndpoint(ctx.method === 'HEAD' ? 'GET' : ctx.method, path);
    const set = isEmbeddable ? headers.plain : isPublicApi ? headers.publicApi : isApi ? headers.api : headers.portal;
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    // The reset link carries its token in the URL: never send it onwards as a referrer.
    if (path === '/reset-password') ctx.res.setHeader('Referrer-Policy', 'no-referrer');
    // Invoices and receipts (PDF) keep the API's CSP too: Chromium's PDF viewer opens them under it.
    return next();
  };
}
