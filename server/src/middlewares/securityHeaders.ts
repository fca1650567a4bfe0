import type { Middleware } from 'koa';
import helmet, { type HelmetOptions } from 'helmet';
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

type HeaderSet = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The headers helmet sends for these options. They depend on nothing in the request, so helmet
 * runs once, at start-up, against a recording response, and each request only copies them:
 * running its dozen middlewares per request cost as much as a small API answer.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet 8 is synchronous; if a later version is not, fail at start-up rather than send nothing.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

export function securityHeaders(config: Config): Middleware<AppState, AppContextExtensions> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const portal = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...PORTAL_CSP, ...(https ? { upgradeInsecureRequests: [] } : {}) } },
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Stripe's and Vimeo's frames are not COEP-ready; the default would block them.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Example pages stand in for a school's own site and carry that site's CSP.
  const plain = helmetHeaders({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  // JSON answers are data, never a document to render or frame (CONTRACT.md "API answers").
  const api = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: config.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  return async (ctx, next) => {
    const path = ctx.path;
    const isEmbeddable = path.startsWith('/widgets/') || path.startsWith('/examples');
    const isApi = path.startsWith('/api/');
    // The widget and credential endpoints are read by school websites and verifiers on other origins.
    const isPublicApi = isApi && isWidgetEndpoint(ctx.method === 'HEAD' ? 'GET' : ctx.method, path);
    const res = ctx.res;
    for (const [name, value] of isEmbeddable || isPublicApi ? plain : isApi ? api : portal) res.setHeader(name, value);
    // The reset link carries its token in the URL: never send it onwards as a referrer.
    if (path === '/reset-password') res.setHeader('Referrer-Policy', 'no-referrer');
    // Invoices and receipts (PDF) keep the API's CSP too: Chromium's PDF viewer opens them under it.
    await next();
  };
}
