import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

/**
 * The portal's CSP allows exactly the third parties it uses: Stripe.js on checkout (script,
 * frames, API) and the Vimeo player (frames, thumbnails). styled-components writes <style>
 * tags at run time, hence 'unsafe-inline' for styles only; scripts stay 'self'.
 */
export const PORTAL_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.vimeocdn.com', 'https://*.stripe.com'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.vimeo.com', 'https://*.vimeocdn.com'],
  frameSrc: ['https://player.vimeo.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
  mediaSrc: ["'self'", 'https://*.vimeocdn.com'],
  // The portal is not meant to be framed; schools embed the widgets, which are scripts.
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

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

  return async (ctx, next) => {
    const isEmbeddable = ctx.path.startsWith('/widgets/') || ctx.path.startsWith('/examples');
    // Public widget endpoints are read by school websites on other origins.
    const isPublicApi = ctx.path.startsWith('/api/') && ctx.method === 'GET';
    await (isEmbeddable || isPublicApi ? plain : portal)(ctx as never, async () => undefined);
    // The reset link carries its token in the URL: never send it onwards as a referrer.
    if (ctx.path === '/reset-password') ctx.set('Referrer-Policy', 'no-referrer');
    return next();
  };
}
