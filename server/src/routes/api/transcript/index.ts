import { externalCpdDtoSchema, externalCpdSchema, idParams, transcriptDtoSchema, type TranscriptDto } from '@atrium/common';
import { addExternalCpd, deleteExternalCpd } from '../../../commands/externalCpd.ts';
import { presentExternalCpd, presentTranscript } from '../../../presenters/transcript.ts';
import { transcriptRows } from '../../../queries/transcript.ts';
import type { Routes } from '../../define.ts';
import { transcriptEvidenceRoutes } from './evidence.ts';
import { transcriptSharingRoutes } from './sharing.ts';
import { cpdHoursRoutes } from './hours.ts';

/** The signed-in person's CPD transcript (issue 59): their completed courses and the training they add from elsewhere. */
export function transcriptRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/transcript',
    access: 'user',
    answer: { body: transcriptDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      const { db, config } = ctx.deps;
      ctx.body = presentTranscript(await transcriptRows(db, ctx.state.user.id), config.cpdYearStartMonth) satisfies TranscriptDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/transcript/external',
    access: 'user',
    answer: { status: 201, body: externalCpdDtoSchema },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    body: externalCpdSchema,
    async handler(ctx) {
      const { db, clock } = ctx.deps;
      ctx.status = 201;
      ctx.body = presentExternalCpd(await addExternalCpd(db, ctx.state.user.id, ctx.input.body, clock.now()));
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/transcript/external/:id',
    access: 'user',
    answer: { status: 204 },
    cache: 'no-store',
    rateLimit: { limit: 'externalCpd', by: 'user' },
    params: idParams,
    async handler(ctx) {
      await deleteExternalCpd(ctx.deps, ctx.state.user.id, ctx.input.params.id);
      ctx.status = 204;
    },
  });

  transcriptEvidenceRoutes(routes);
  transcriptSharingRoutes(routes);
  cpdHoursRoutes(routes);
}
