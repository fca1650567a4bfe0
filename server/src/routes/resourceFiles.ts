import { isResourceContentType, RESOURCE_MAX_BYTES, RESOURCE_TYPES_SENTENCE, resourceFieldsSchema } from '@atrium/common';
import { HttpError, unsupportedMediaType } from '../errors.ts';
import { zodToHttp } from '../middlewares/errors.ts';
import type { ResourceFields } from '../commands/resources.ts';
import { discardUpload } from '../commands/storedFiles.ts';
import type { AppContext } from '../context.ts';
import { receiveFile, type ReceivedFile } from '../services/storage/index.ts';
import { sendStoredFile } from './storedFileResponse.ts';
import type { ResourceRow } from '../queries/resources.ts';
import { resourceDownloadName } from '../presenters/resources.ts';

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

/** Sends a stored resource as a download (sendStoredFile: its sniffed type, `nosniff`, byte ranges). */
export async function sendResource(ctx: AppContext, resource: ResourceRow): Promise<void> {
  await sendStoredFile(ctx, {
    storageKey: resource.storageKey,
    contentType: resource.contentType,
    size: resource.size,
    fileName: resourceDownloadName(resource),
    disposition: 'attachment',
  });
}
