import {
  createdTranscriptShareDtoSchema,
  idParams,
  publicRecordDtoSchema,
  recordTokenParams,
  schoolCpdShareSchema,
  transcriptSchoolParams,
  transcriptShareSchema,
  transcriptSharingDtoSchema,
  type CreatedTranscriptShareDto,
  type PublicRecordDto,
} from '@atrium/common';
import { createTranscriptShare, revokeTranscriptShare, setSchoolCpdShare } from '../../../commands/transcriptShares.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { presentPublicRecord, presentTranscriptShare, presentTranscriptSharing } from '../../../presenters/transcript.ts';
import { verifiedCertificates } from '../../../queries/transcript.ts';
import { sharedRecordOwner, transcriptSchools, workingShares } from '../../../queries/transcriptShares.ts';
import { renderRecordPdf } from '../../../services/documents/recordPdf.ts';
import type { Routes } from '../../define.ts';
import { sendPdf } from '../../billingDocuments.ts';

const RECORD_NOT_FOUND = 'This record link does not work: it was mistyped, or its owner stopped it';

const recordPage = (token: string) => `/record/${token}`;
const recordPdfPath = (token: string) => `/api/records/${token}/record.pdf`;

/** The verified record behind a working link; 404 for any other token, the same for unknown and stopped. */
async function sharedRecord(ctx: AppContext, token: string): Promise<PublicRecordDto> {
  const { db, config, clock } = ctx.deps;
  const owner = await sharedRecordOwner(db, token);
  if (!owner) throw notFound(RECORD_NOT_FOUND);
  return presentPublicRecord(
    owner.name,
    await verifiedCertificates(db, owner.userId),
    config.cpdYearStartMonth,
    { pdfPath: recordPdfPath(token) },
    clock.now(),
  );
}

/**
 * Sharing the CPD record (issue 59): public links to the verified record (made, listed, stopped by
 * their owner), what anyone holding one sees (JSON and a printable PDF with a QR code), and
 * whether the person's school sees their whole record or only what they did while its member.
 */
export function transcriptSharingRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/transcript/sharing',
    access: 'user',
    answer: { body: transcriptSharingDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      const { db } = ctx.deps;
      const [links, schools] = await Promise.all([workingShares(db, ctx.state.user.id), transcriptSchools(db, ctx.state.user.id)]);
      ctx.body = presentTranscriptSharing(links, schools);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/transcript/shares',
    access: 'user',
    answer: { status: 201, body: createdTranscriptShareDtoSchema },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    body: transcriptShareSchema,
    async handler(ctx) {
      const { db, clock, config } = ctx.deps;
      const { share, token } = await createTranscriptShare(db, ctx.state.user.id, ctx.input.body.label, clock.now().getTime());
      ctx.status = 201;
      ctx.body = {
        ...presentTranscriptShare(share),
        url: `${config.publicUrl}${recordPage(token)}`,
        pdfUrl: `${config.publicUrl}${recordPdfPath(token)}`,
      } satisfies CreatedTranscriptShareDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/transcript/shares/:id',
    access: 'user',
    answer: { status: 204 },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    params: idParams,
    async handler(ctx) {
      await revokeTranscriptShare(ctx.deps.db, ctx.state.user.id, ctx.input.params.id, ctx.deps.clock.now().getTime());
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'put',
    path: '/api/transcript/schools/:id',
    access: 'user',
    answer: { status: 204 },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    params: transcriptSchoolParams,
    body: schoolCpdShareSchema,
    async handler(ctx) {
      await setSchoolCpdShare(ctx.deps.db, ctx.state.user.id, ctx.input.params.id, ctx.input.body.shared, ctx.deps.clock.now().getTime());
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/records/:token',
    access: 'public',
    answer: { body: publicRecordDtoSchema },
    // A stopped link must stop at once, so nothing keeps a copy.
    cache: 'no-store',
    rateLimit: { limit: 'publicRecord', by: 'ip' },
    params: recordTokenParams,
    async handler(ctx) {
      ctx.set('X-Robots-Tag', 'noindex');
      ctx.body = await sharedRecord(ctx, ctx.input.params.token);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/records/:token/record.pdf',
    access: 'public',
    answer: { contentType: 'application/pdf' },
    cache: 'no-store',
    rateLimit: { limit: 'publicRecord', by: 'ip' },
    params: recordTokenParams,
    async handler(ctx) {
      const token = ctx.input.params.token;
      const record = await sharedRecord(ctx, token);
      const { config } = ctx.deps;
      const bytes = await renderRecordPdf({ brandName: config.brandName, record, verifyUrl: `${config.publicUrl}${recordPage(token)}` });
      ctx.set('X-Robots-Tag', 'noindex');
      sendPdf(ctx, bytes, 'cpd-record.pdf');
    },
  });
}
