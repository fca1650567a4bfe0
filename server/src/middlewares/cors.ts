import cors from '@koa/cors';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

type WidgetMethod = 'GET' | 'POST';

/**
 * The endpoints the embeddable widgets call from schools' own sites. Only these answer
 * cross-origin requests; everything else (sessions, admin) stays same-origin.
 */
export const WIDGET_ENDPOINTS: ReadonlyArray<{ method: WidgetMethod; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/contact\/?$/ },
  { method: 'GET', path: /^\/api\/courses\/?$/ },
  { method: 'GET', path: /^\/api\/courses\/[^/]+\/?$/ },
  { method: 'GET', path: /^\/api\/certificates\/[^/]+\/?$/ },
  { method: 'GET', path: /^\/api\/config\/?$/ },
  // Open Badges verification from any site: the credential, the keys and the revocation list.
  { method: 'GET', path: /^\/api\/certificates\/[^/]+\/credential\/?$/ },
  { method: 'GET', path: /^\/api\/credentials\/(?:issuer|revocations|achievements\/[^/]+|keys\/[^/]+)\/?$/ },
  { method: 'GET', path: /^\/\.well-known\/jwks\.json$/ },
];

/** The method a request is about: a preflight asks on behalf of the one it announces. */
function intendedMethod(ctx: Context): string {
  if (ctx.method === 'OPTIONS') return ctx.get('Access-Control-Request-Method').toUpperCase();
  return ctx.method === 'HEAD' ? 'GET' : ctx.method;
}

export function isWidgetEndpoint(method: string, path: string): boolean {
  return WIDGET_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.path.test(path));
}

/**
 * CORS for the widget endpoints, honouring CORS_ORIGINS ('*' or a list). Never with
 * credentials: widgets are anonymous, so a school's page can never act with a visitor's
 * portal session.
 */
export function widgetCors(origins: Config['corsOrigins']): Middleware<AppState, AppContextExtensions> {
  const allowedOrigin = (ctx: Context): string => {
    if (origins === '*') return '*';
    const origin = ctx.get('Origin');
    // An empty answer makes @koa/cors add nothing, so the browser blocks the response.
    return origins.includes(origin) ? origin : '';
  };
  const handlers = {
    GET: cors({ origin: allowedOrigin, allowMethods: ['GET', 'HEAD'], allowHeaders: ['Content-Type'], maxAge: 600, credentials: false }),
    POST: cors({ origin: allowedOrigin, allowMethods: ['POST'], allowHeaders: ['Content-Type'], maxAge: 600, credentials: false }),
  };
  return (ctx, next) => {
    const method = intendedMethod(ctx);
    if (method !== 'GET' && method !== 'POST') return next();
    if (!isWidgetEndpoint(method, ctx.path)) return next();
    return (handlers[method] as unknown as Middleware<AppState, AppContextExtensions>)(ctx, next);
  };
}
