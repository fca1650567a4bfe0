import type { Middleware } from 'koa';
import { forbidden } from '../errors.ts';
import { SSO_ACS_PATTERN } from './jsonBody.ts';
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
    // A school provider's SAML response is a cross-site form post by design; what protects it is
    // the signed assertion answering a request this browser started (routes/api/auth/sso.ts).
    if (!SAFE_METHODS.has(ctx.method) && ctx.cookies.get(SESSION_COOKIE) && !SSO_ACS_PATTERN.test(ctx.path)) {
      const origin = ctx.get('origin');
      if (origin && origin !== allowed) throw forbidden('Cross-site request refused');
      if (!origin && ctx.get('sec-fetch-site') === 'cross-site') throw forbidden('Cross-site request refused');
    }
    return next();
  };
}
