import {
  CPD_EVIDENCE_MAX_BYTES,
  CPD_EVIDENCE_REFUSED,
  CPD_EVIDENCE_TOO_LARGE,
  CPD_EVIDENCE_TYPES,
  externalCpdDtoSchema,
  idParams,
  isCpdEvidenceType,
  type ExternalCpdDto,
} from '@atrium/common';
import { attachEvidence, removeEvidence } from '../../../commands/externalCpd.ts';
import { HttpError, notFound, unsupportedMediaType } from '../../../errors.ts';
import { externalEntryOwner } from '../../../policies/transcript.ts';
import { presentExternalCpd } from '../../../presenters/transcript.ts';
import { ownExternalEntry, type ExternalCpdRow } from '../../../queries/transcript.ts';
import { receiveFile } from '../../../services/storage/index.ts';
import type { Routes } from '../../define.ts';
import { sendStoredFile } from '../../storedFileResponse.ts';

/** Evidence is the teacher's upload, never a page of ours: the browser runs nothing in it and keeps no copy. */
const FILE_HEADERS = { 'Content-Security-Policy': "sandbox; default-src 'none'", 'Cache-Control': 'private, no-store' };

/** The evidence file of an external CPD entry (issue 59): its owner attaches, replaces, downloads and removes it. */
export function transcriptEvidenceRoutes(routes: Routes): void {
  routes.add({
    method: 'put',
    path: '/api/transcript/external/:id/evidence',
    access: 'user',
    answer: { body: externalCpdDtoSchema },
    cache: 'no-store',
    rateLimit: { limit: 'upload', by: 'user' },
    params: idParams,
    // Checked before a byte is stored: someone else's entry is 404 and nothing reaches the storage.
    policy: externalEntryOwner,
    async handler(ctx) {
      if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Upload the file as multipart/form-data');
      const { db, storage, logger, clock, config } = ctx.deps;
      const upload = await receiveFile(ctx.req, {
        storage,
        area: 'evidence',
        field: 'file',
        maxBytes: CPD_EVIDENCE_MAX_BYTES,
        accepts: isCpdEvidenceType,
        refusedType: CPD_EVIDENCE_REFUSED,
        tooLarge: CPD_EVIDENCE_TOO_LARGE,
      });
      if (!upload.file) throw new HttpError(400, 'bad_request', 'Choose a file to upload', { file: 'Choose a file to upload' });
      const userId = ctx.state.user.id;
      await attachEvidence({ db, storage, logger, config, now: clock.now().getTime() }, userId, ctx.input.params.id, upload.file);
      ctx.body = presentExternalCpd((await ownExternalEntry(db, userId, ctx.input.params.id))!) satisfies ExternalCpdDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/transcript/external/:id/evidence',
    access: 'user',
    answer: { contentType: Object.keys(CPD_EVIDENCE_TYPES), headers: { 'Content-Disposition': 'attachment, with the file’s name' } },
    cache: 'private, no-store',
    params: idParams,
    policy: externalEntryOwner,
    async handler(ctx) {
      const entry = (ctx.state as { externalEntry?: ExternalCpdRow }).externalEntry!;
      if (!entry.evidenceStorageKey || !entry.evidenceContentType) throw notFound('This entry has no evidence file');
      await sendStoredFile(
        ctx,
        {
          storageKey: entry.evidenceStorageKey,
          contentType: entry.evidenceContentType,
          size: Number(entry.evidenceSize),
          fileName: entry.evidenceName ?? 'evidence',
          disposition: 'attachment',
        },
        FILE_HEADERS,
      );
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/transcript/external/:id/evidence',
    access: 'user',
    answer: { status: 204 },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    params: idParams,
    policy: externalEntryOwner,
    async handler(ctx) {
      await removeEvidence(ctx.deps, ctx.state.user.id, ctx.input.params.id);
      ctx.status = 204;
    },
  });
}
