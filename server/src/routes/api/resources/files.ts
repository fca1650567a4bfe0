import { isResourceContentType, RESOURCE_MAX_BYTES, RESOURCE_TYPES_SENTENCE, resourceFieldsSchema } from '@atrium/common';
import parseRange from 'range-parser';
import { HttpError, unsupportedMediaType } from '../../../errors.ts';
import { zodToHttp } from '../../../middlewares/errors.ts';
import type { ResourceFields } from '../../../commands/resources.ts';
import { discardUpload } from '../../../commands/storedFiles.ts';
import type { AppContext } from '../../../context.ts';
import { receiveFile, type ReceivedFile, type ByteRange } from '../../../services/storage/index.ts';
import type { ResourceRow } from '../../../queries/resources.ts';

const TOO_LARGE = 'The file is larger than 25 MB. Make it smaller (compress the PDF or images) or split it.';
const REFUSED = `This kind of file cannot be a resource: upload ${RESOURCE_TYPES_SENTENCE}.`;

/**
 * Reads a resource upload (multipart/form-data: `file`, and `title`/`description` when
 * `withFields`), streaming the file into storage. Nothing is left stored when it fails,
 * including when the text fields are invalid.
 */
export async function receiveResourceUpload(ctx: AppContext, withFields: true): Promise<{ file: ReceivedFile; fields: ResourceFields }>;
export async function receiveResourceUpload(ctx: AppContext, withFields: false): Promise<{ file: ReceivedFile }>;
export async function receiveResourceUpload(ctx: AppContext, withFields: boolean): Promise<{ file: ReceivedFile; fields?: ResourceFields }> {
  if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Upload the file as multipart/form-data');
  const upload = await receiveFile(ctx.req, {
    storage: ctx.deps.storage,
    area: 'resources',
    field: 'file',
    maxBytes: RESOURCE_MAX_BYTES,
    accepts: isResourceContentType,
    refusedType: REFUSED,
    tooLarge: TOO_LARGE,
  });
  const file = upload.file;
  if (!file) throw new HttpError(400, 'bad_request', 'Choose a file to upload', { file: 'Choose a file to upload' });
  if (!withFields) return { file };
  const parsed = resourceFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    await discardUpload(ctx.deps, file);
    throw zodToHttp(parsed.error, 'body');
  }
  return { file, fields: parsed.data };
}

/**
 * Sends a stored resource as a download: its sniffed type, `attachment` with its file name
 * (RFC 6266/5987 through koa's `attachment()`), never sniffed by the browser; a single byte
 * range (`Range: bytes=…`) answers 206, one outside the file 416.
 */
export async function sendResource(ctx: AppContext, resource: ResourceRow): Promise<void> {
  const total = resource.size;
  let range: ByteRange | undefined;
  const header = ctx.get('range');
  if (header && total > 0) {
    const ranges = parseRange(total, header, { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, 'bad_request', 'The requested range is outside the file', undefined, { 'Content-Range': `bytes */${total}` });
    }
    // A malformed header, or several ranges, is answered with the whole file (RFC 9110 allows it).
    if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) range = { start: ranges[0]!.start, end: ranges[0]!.end };
  }
  const body = await ctx.deps.storage.get(resource.storageKey, range);
  ctx.attachment(resource.fileName);
  ctx.type = resource.contentType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Accept-Ranges', 'bytes');
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${total}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.length = total;
  }
  ctx.body = body;
}
