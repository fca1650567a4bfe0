import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { HttpError, unsupportedMediaType } from '../errors.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

const parse = bodyParser({
  enableTypes: ['json'],
  jsonLimit: '1mb',
  jsonStrict: true,
  parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  // co-body reports a body that does not parse as a 400 SyntaxError, with no code of its own;
  // say what is wrong rather than a bare "Invalid request". Size and stream errors go on as they are.
  onError(error) {
    if (error instanceof SyntaxError) throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
    throw error;
  },
});

/**
 * Paths that take a body that is not JSON (multipart upload; the RFC 8058 one-click unsubscribe,
 * a form post whose body the route does not read; the landing page's contact form posted
 * without JavaScript); they parse their own.
 */
const NON_JSON_PATHS = new Set(['/api/user/upload-avatar', '/api/unsubscribe', '/contact']);
/** Resource uploads (multipart, up to 25 MB, streamed into storage by their routes). */
const NON_JSON_PATTERN = /^\/api\/(?:(?:courses|modules)\/\d+\/resources|resources\/\d+\/file)\/?$/;

/** The evidence file of an external CPD entry (`PUT /api/transcript/external/:id/evidence`, multipart). */
const EVIDENCE_PATTERN = /^\/api\/transcript\/external\/\d+\/evidence\/?$/;
/** A school provider's SAML assertion consumer service (an HTTP-POST form from the provider). */
export const SSO_ACS_PATTERN = /^\/api\/auth\/sso\/\d+\/acs\/?$/;

/** OneRoster bundles (`POST /api/schools|trusts/:id/oneroster[/preview]`, multipart): their routes read the files. */
const ONEROSTER_PATTERN = /^\/api\/(?:schools|trusts)\/\d+\/oneroster(?:\/preview)?\/?$/;

/** Resumable uploads (tus: `POST /api/uploads`, `PATCH /api/uploads/:id` with the bytes). */
const UPLOADS_PATTERN = /^\/api\/uploads(?:\/[^/]+)?\/?$/;

/** A module's caption track upload (`PUT /api/modules/:id/captions/:lang`, multipart) parses its own body too. */
function isCaptionUpload(path: string): boolean {
  const parts = path.split('/');
  return parts.length === 6 && parts[1] === 'api' && parts[2] === 'modules' && parts[4] === 'captions';
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

/**
 * JSON bodies up to 1 MB (413 beyond). A body of another media type is a 415, so a form post
 * can never slip past validation as an empty object.
 */
export const jsonBody: Middleware<AppState, AppContextExtensions> = (ctx, next) => {
  if (
    !['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) ||
    NON_JSON_PATHS.has(ctx.path) ||
    isCaptionUpload(ctx.path) ||
    NON_JSON_PATTERN.test(ctx.path) ||
    UPLOADS_PATTERN.test(ctx.path) ||
    (ctx.method === 'PUT' && EVIDENCE_PATTERN.test(ctx.path)) ||
    SSO_ACS_PATTERN.test(ctx.path) ||
    (ctx.method === 'POST' && ONEROSTER_PATTERN.test(ctx.path))
  )
    return next();
  if (hasBody(ctx.req.headers) && !ctx.is('application/json', '+json')) throw unsupportedMediaType();
  return parse(ctx, next);
};
