import { z } from 'zod';
import { uploadCreator } from '../../../policies/uploads.ts';
import { UPLOADS_PATH } from '../../../services/uploads/tus.ts';
import type { Middleware } from 'koa';
import type { AppContext, AppContextExtensions, AppState } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import type { Answer, Routes } from '../../define.ts';

const uploadParams = z.object({ uploadId: z.string().max(100) });

const TUS_RESUMABLE = { 'Tus-Resumable': 'The tus version, `1.0.0`' };
/** tus 1.0.0's success answers: no body, the state of the upload in headers. */
const TUS_ANSWERS = {
  post: { status: 201, headers: { ...TUS_RESUMABLE, Location: 'The upload’s URL, for HEAD, PATCH and DELETE' } },
  head: { status: 200, headers: { ...TUS_RESUMABLE, 'Upload-Offset': 'The bytes received so far', 'Upload-Length': 'The size declared at the create' } },
  patch: { status: 204, headers: { ...TUS_RESUMABLE, 'Upload-Offset': 'The bytes received so far (the last PATCH also answers `Upload-File-Id`)' } },
  delete: { status: 204, headers: TUS_RESUMABLE },
} as const satisfies Record<string, Answer>;

/** Hands the raw request to the tus server: Koa writes nothing more (the bytes stream through). */
async function passToTus(ctx: AppContext): Promise<void> {
  ctx.respond = false;
  await ctx.deps.uploads.handle({ deps: ctx.deps, user: ctx.state.user as User }, ctx.req, ctx.res);
}

/**
 * Resumable uploads of submission files (tus 1.0.0, ASSIGN-CONTRACT.md "Uploads"): signed-in
 * users only; the origin check and the session apply as to every write. The create checks the
 * assignment; the final PATCH answers `Upload-File-Id`.
 */
export function uploadRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: UPLOADS_PATH,
    access: 'user',
    answer: TUS_ANSWERS.post,
    cache: 'no-store',
    rateLimit: { limit: 'uploadCreate', by: 'user' },
    handler: passToTus,
  });
  for (const method of ['head', 'patch', 'delete'] as const) {
    routes.add({
      method,
      path: `${UPLOADS_PATH}/:uploadId`,
      access: 'user',
      answer: TUS_ANSWERS[method],
      cache: 'no-store',
      params: uploadParams,
      rateLimit: { limit: 'uploadTransfer', by: 'user' },
      policy: uploadCreator,
      handler: passToTus,
    });
  }
}

/**
 * `OPTIONS /api/uploads`: tus 1.0.0's discovery (the version, the extensions, the largest upload),
 * public like any preflight and answered before sessions; the same origin needs no CORS headers.
 */
export const tusDiscovery: Middleware<AppState, AppContextExtensions> = (ctx, next) => {
  if (ctx.method !== 'OPTIONS' || ctx.path !== UPLOADS_PATH) return next();
  ctx.set(ctx.deps.uploads.capabilities());
  ctx.status = 204;
  return undefined;
};
