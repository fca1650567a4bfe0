import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';
import { SESSION_COOKIE } from './session.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax: a state-changing request that carries a session
 * cookie must come from the portal's own origin when the browser says where it came from.
 */
export function originCheck(publicUrl: string): Middleware<AppState, AppContextExtensions> {
  const allowed = new URL(publicUrl).origin;
  return (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && ctx.cookies.get(SESSION_COOKIE)) {
      const origin = ctx.get('origin');
      if (origin && origin !== allowed) throw forbidden('Cross-site request refused');
      if (!origin && ctx.get('sec-fetch-site') === 'cross-site') throw forbidden('Cross-site request refused');
    }
    return next();
  };
}
