import type { Middleware } from 'koa';
import type { AppContextExtensions, AppState } from '../../context.ts';
import { logDirectoryEvent } from '../../commands/directory/log.ts';
import { ScimError } from '../../commands/directory/scimError.ts';
import { HttpError } from '../../errors.ts';
import { toHttpError } from '../../middlewares/errors.ts';
import { SCIM_ERROR } from '../../presenters/scim.ts';
import { scimCallerIfAny } from './caller.ts';

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** An Atrium error met on a SCIM path (bad JSON, a body too large, a rate limit) as a SCIM error. */
function fromHttpError(error: HttpError): ScimError {
  if (error.status === 400) {
    const detail = error.errors
      ? `${error.message}: ${Object.entries(error.errors)
          .map(([field, problem]) => `${field}: ${problem}`)
          .join('; ')}`
      : error.message;
    return new ScimError(400, error.id === 'invalid_json' ? 'invalidSyntax' : 'invalidValue', detail);
  }
  // `uniqueness` tells a directory the resource already exists, and Entra ID and Okta then look
  // for it to link to; a cap reached (a school's groups) is a refusal with nothing to find.
  if (error.status === 409) return new ScimError(409, error.id === 'limit_reached' ? null : 'uniqueness', error.message);
  if (error.status === 404) return ScimError.notFound();
  return new ScimError(error.status, null, error.message);
}

/**
 * Every answer under /scim/ that is not a success is a SCIM error (RFC 7644 section 3.12):
 * `{schemas, status (a string), scimType?, detail}` as application/scim+json. Refused changes
 * are written to the sync log here, after their transaction has rolled back.
 */
export const scimErrors: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  if (!ctx.path.startsWith('/scim/')) return next();
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) throw ScimError.notFound('No such endpoint: see /scim/v2/ResourceTypes.');
    if (ctx.status === 405) throw new ScimError(405, null, `${ctx.method} is not supported here.`);
  } catch (raw) {
    let error: ScimError;
    if (raw instanceof ScimError) error = raw;
    else {
      const http = toHttpError(raw);
      if (http.status >= 500) ctx.state.log?.error({ err: raw }, 'scim request failed');
      error = fromHttpError(http);
      if (http.headers) ctx.set(http.headers);
    }
    const caller = scimCallerIfAny(ctx);
    if (error.refusal && caller) {
      await logDirectoryEvent(ctx.deps.db, caller, error.refusal.schoolId, 'refused', error.refusal.email, error.message, ctx.now()).catch((failure: unknown) =>
        ctx.state.log?.warn({ err: failure }, 'sync log write failed'),
      );
    }
    if (error.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="scim"');
    ctx.status = error.status;
    ctx.type = SCIM_MEDIA_TYPE;
    ctx.body = { schemas: [SCIM_ERROR], status: String(error.status), ...(error.scimType ? { scimType: error.scimType } : {}), detail: error.message };
  }
};
