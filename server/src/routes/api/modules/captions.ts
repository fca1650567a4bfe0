import multer from '@koa/multer';
import {
  captionTrackDtoSchema,
  captionTrackParams,
  captionUploadFields,
  captionUploadParams,
  idParams,
  messageDtoSchema,
  type MessageDto,
} from '@atrium/common';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { deleteCaptionTrack, saveCaptionTrack } from '../../../commands/captions.ts';
import type { AppContextExtensions, AppState, AppDeps } from '../../../context.ts';
import { badRequest, HttpError, notFound } from '../../../errors.ts';
import { captionReader } from '../../../policies/captions.ts';
import { presentCaptionTrack } from '../../../presenters/captions.ts';
import { captionText, moduleCaptionTracks } from '../../../queries/captions.ts';
import { CAPTION_MAX_BYTES, captionFormatOf, decodeCaptionFile, validateCaptionFile } from '../../../services/captions.ts';
import type { Routes } from '../../define.ts';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: CAPTION_MAX_BYTES, files: 1, fields: 5 } });

interface UploadedFile {
  buffer: Buffer;
  originalname: string;
  mimetype: string;
}

/** multer's errors as the API's: too large is 413, anything else malformed is 400. */
const captionUpload: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  if (!ctx.is('multipart/form-data')) {
    throw new HttpError(415, 'unsupported_media_type', 'Upload the captions as multipart/form-data (a file field and a label)');
  }
  try {
    await (upload.single('file') as unknown as Middleware<AppState, AppContextExtensions>)(ctx, async () => {});
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') {
      throw new HttpError(413, 'file_too_large', 'Caption files can be at most 1 MB', { file: 'Caption files can be at most 1 MB' });
    }
    throw badRequest('The upload could not be read. Choose the file again.');
  }
  return next();
};

async function existingModule(deps: AppDeps, moduleId: number): Promise<void> {
  if (!(await deps.catalogue.module(moduleId))) throw notFound('Module not found');
}

/** A module's caption tracks: listed, served as WebVTT, and uploaded or removed by admins. */
export function captionRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/modules/:id/captions',
    access: 'user',
    cache: 'no-store',
    params: idParams,
    policy: captionReader,
    answer: { body: z.array(captionTrackDtoSchema) },
    async handler(ctx) {
      const rows = await moduleCaptionTracks(ctx.deps.db, ctx.input.params.id);
      ctx.body = rows.map(presentCaptionTrack);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/modules/:id/captions/:lang.vtt',
    access: 'user',
    cache: 'no-store',
    params: captionTrackParams,
    policy: captionReader,
    answer: { contentType: 'text/vtt' },
    async handler(ctx) {
      const { id, lang } = ctx.input.params;
      const track = await captionText(ctx.deps.db, id, lang);
      if (!track) throw notFound('This module has no captions in that language');
      ctx.type = 'text/vtt; charset=utf-8';
      ctx.set('Content-Language', lang);
      ctx.body = track.vtt;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/:id/captions/:lang',
    access: 'admin',
    params: captionUploadParams,
    body: captionUploadFields,
    before: [captionUpload],
    answer: { status: 201, body: captionTrackDtoSchema },
    async handler(ctx) {
      const { id, lang } = ctx.input.params;
      await existingModule(ctx.deps, id);
      const file = (ctx as unknown as { file?: UploadedFile }).file;
      if (!file || file.buffer.length === 0) throw badRequest('Choose a WebVTT (.vtt) or SubRip (.srt) file', { file: 'Choose a .vtt or .srt file' });
      const text = decodeCaptionFile(file.buffer);
      const track = await validateCaptionFile(text, captionFormatOf(text, file.originalname, file.mimetype));
      const { created } = await saveCaptionTrack(ctx.deps.db, ctx.deps.clock, {
        ...track,
        moduleId: id,
        lang,
        label: ctx.input.body.label,
        uploadedBy: ctx.state.user.id,
      });
      const saved = (await moduleCaptionTracks(ctx.deps.db, id)).find((row) => row.lang === lang)!;
      ctx.status = created ? 201 : 200;
      ctx.body = presentCaptionTrack(saved);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/modules/:id/captions/:lang',
    access: 'admin',
    params: captionTrackParams,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { id, lang } = ctx.input.params;
      await existingModule(ctx.deps, id);
      if (!(await deleteCaptionTrack(ctx.deps.db, id, lang))) throw notFound('This module has no captions in that language');
      ctx.body = { message: 'Captions removed' } satisfies MessageDto;
    },
  });
}
