import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { STATUS_ERROR_IDS, type ApiErrorDto, type ApiErrorId } from '@atrium/common/api/community';
import { HttpError } from '../errors.ts';
import { messagePage } from '../presenters/pages.ts';
import type { AppContextExtensions, AppState } from '../context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';

/** Zod issues as {field: message}, and the first one as the headline. */
export function zodToHttp(error: ZodError, location: string): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : location;
    errors[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first && first.path.length === 0 && location !== 'body' ? first.message : (first?.message ?? 'Invalid input');
  return new HttpError(400, 'validation_failed', message, errors);
}

/** The one place errors become responses: CONTRACT.md's JSON shape, no stack traces out. */
export const errorHandler: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { message: 'Not found', id: 'not_found' } satisfies ApiErrorDto;
    }
  } catch (raw) {
    const error = toHttpError(raw);
    if (error.id === DATABASE_UNAVAILABLE) {
      // Expected while the database restarts: every request fails the same way, so log a summary.
      ctx.deps.database.outages.noteOutage(ctx.state.log ?? ctx.deps.logger, raw, `${ctx.method} ${ctx.path}`);
    } else if (error.status >= 500) {
      ctx.state.log?.error({ err: raw }, 'request failed');
    } else {
      ctx.state.log?.debug({ status: error.status, id: error.id }, error.message);
    }
    ctx.status = error.status;
    if (error.headers) ctx.set(error.headers);
    // A page's form posted by a browser without JavaScript (POST /contact) is answered with a
    // page that says what went wrong, not with JSON the visitor would have to read.
    if (!ctx.path.startsWith('/api/') && ctx.accepts('json', 'html') === 'html') {
      ctx.type = 'html';
      ctx.body = messagePage({
        brandName: ctx.deps.config.brandName,
        title: error.status === 429 ? 'Too many messages' : error.status >= 500 ? 'Something went wrong' : 'Please check the form',
        paragraphs: [error.errors ? 'Nothing was sent. Please go back, fix the following and send it again:' : error.message],
        problems: error.errors,
        back: { label: 'Back to the form', href: ctx.method === 'POST' && ctx.path === '/contact' ? '/#contact' : '/' },
      });
      return;
    }
    const body: ApiErrorDto = error.errors ? { message: error.message, errors: error.errors, id: error.id } : { message: error.message, id: error.id };
    ctx.body = body;
  }
};

export function toHttpError(raw: unknown): HttpError {
  if (raw instanceof HttpError) return raw;
  if (raw instanceof ZodError) return zodToHttp(raw, 'body');
  const error = raw as { status?: number; statusCode?: number; type?: string; code?: string; expose?: boolean; message?: string };
  const status = error?.status ?? error?.statusCode;
  // Body-reading (raw-body) and http-errors failures carry a 4xx status and a safe message.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new HttpError(413, 'payload_too_large', 'The request is too large');
    if (status === 415) return new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON');
    return new HttpError(status, STATUS_ERROR_IDS[status] ?? 'bad_request', error.expose && error.message ? error.message : 'Invalid request');
  }
  if (isDatabaseUnavailable(raw)) return databaseUnavailable();
  return new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.');
}

export const DATABASE_UNAVAILABLE = 'database_unavailable' satisfies ApiErrorId;
/** Seconds a client is asked to wait: about what a database restart or fail-over takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new HttpError(503, DATABASE_UNAVAILABLE, 'The service is temporarily unavailable. Please try again shortly.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
