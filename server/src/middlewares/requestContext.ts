import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppContextExtensions, AppState } from '../context.ts';

/**
 * The path as the access log keeps it: a segment that looks like a token (an invitation link's
 * `/api/invites/<token>`, say) is replaced, so the log is no store of working links. Query
 * strings (`?token=…`, an OpenID `code`) are never logged.
 */
export const loggedPath = (path: string): string => path.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/:redacted');

/** A request id on every log line and response, and one access-log line per request. */
export const requestContext: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  const incoming = ctx.get('x-request-id');
  const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  ctx.state.log = ctx.deps.logger.child({ requestId });
  ctx.state.user = null;
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    ctx.state.log.info({ method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms }, 'request');
  }
};
