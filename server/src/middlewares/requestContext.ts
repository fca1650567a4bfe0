import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppContextExtensions, AppState } from '../context.ts';
import type { User } from '../models/User.ts';

/**
 * The path as the access log keeps it: a segment that looks like a token (an invitation link's
 * `/api/invites/<token>`, say) is replaced, so the log is no store of working links. Query
 * strings (`?token=…`, an OpenID `code`) are never logged.
 */
export const loggedPath = (path: string): string => path.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/:redacted');

/**
 * The request's state, its logger made on first use: a pino child costs a few µs, and most
 * requests log nothing at the production level but the access line, which is skipped when that
 * level is off (issue 54's dashboard).
 */
class RequestState implements AppState {
  user: User | null = null;
  sessionUser?: AppState['sessionUser'];
  private logger: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly root: Logger,
  ) {}

  get log(): Logger {
    return (this.logger ??= this.root.child({ requestId: this.requestId }));
  }

  set log(logger: Logger) {
    this.logger = logger;
  }
}

/** A request id on every log line and response, and one access-log line per request. */
export const requestContext: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  const incoming = ctx.get('x-request-id');
  const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  const root = ctx.deps.logger;
  ctx.state = new RequestState(requestId, root);
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    if (root.isLevelEnabled('info')) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      ctx.state.log.info({ method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms }, 'request');
    }
  }
};
