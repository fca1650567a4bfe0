import { z } from 'zod';
import { pageQuery, schoolCertificateDtoSchema, schoolParams, type SchoolCertificateDto } from '@atrium/common';
import { schoolManager } from '../../../policies/schools.ts';
import { presentSchoolCertificate } from '../../../presenters/certificates.ts';
import { schoolCertificatesPage } from '../../../queries/certificates.ts';
import { sendPage, type Routes } from '../../define.ts';

/**
 * The certificates a school's current members hold, for its managers: newest first, a page at a
 * time. Revoked certificates are left out (they no longer verify); a member who left takes theirs along.
 */
export function schoolCertificateRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/schools/:id/certificates',
    access: 'user',
    params: schoolParams,
    query: pageQuery(),
    policy: schoolManager,
    answer: {
      body: z.array(schoolCertificateDtoSchema),
      headers: { 'X-Total-Count': 'How many certificates there are in all (the page holds at most `limit`).' },
    },
    cache: 'no-store',
    async handler(ctx) {
      const { rows, total } = await schoolCertificatesPage(ctx.deps.db, ctx.input.params.id, ctx.input.query);
      sendPage<SchoolCertificateDto>(ctx, { rows: rows.map(presentSchoolCertificate), total });
    },
  });
}
