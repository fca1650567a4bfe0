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
 * Runs one of helmet's middlewares on the Node response Koa wraps (helmet only sets and removes
 * headers). Per request it costs ~2 µs (2026-11-27), nothing a bench target notices.
 */
const runHelmet = (middleware: Helmet, ctx: { req: Parameters<Helmet>[0]; res: Parameters<Helmet>[1] }) =>
  new Promise<void>((resolve, reject) => middleware(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve())));

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

  // JSON answers are data, never a document to render or frame (CONTRACT.md "API answers").
  const api = helmet({
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
    await runHelmet(isEmbeddable || isPublicApi ? plain : isApi ? api : portal, ctx);
    // The reset link carries its token in the URL: never send it onwards as a referrer.
    if (path === '/reset-password') ctx.res.setHeader('Referrer-Policy', 'no-referrer');
    // Invoices and receipts (PDF) keep the API's CSP too: Chromium's PDF viewer opens them under it.
    await next();
  };
}
