import { adminCertificateDtoSchema, id, pageQuery, type AdminCertificateDto } from '@atrium/common';
import { z } from 'zod';
import { restoreCertificate, revokeCertificate } from '../../../commands/certificateRevocation.ts';
import { presentAdminCertificate } from '../../../presenters/admin.ts';
import { certificatesPage } from '../../../queries/certificates.ts';
import { sendPage, type Routes } from '../../define.ts';

const numberParams = z.object({ number: z.string().trim().min(1).max(40) });

const listQuery = pageQuery().extend({ userId: id.optional() });

/** Revoking hides a certificate from public verification (404) without deleting the record. */
export function adminCertificateRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/certificates',
    access: 'admin',
    cache: 'no-store',
    query: listQuery,
    answer: { body: z.array(adminCertificateDtoSchema) },
    async handler(ctx) {
      const { rows, total } = await certificatesPage(ctx.deps.db, ctx.input.query);
      sendPage<AdminCertificateDto>(ctx, { rows: rows.map(presentAdminCertificate), total });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/certificates/:number/revoke',
    access: 'admin',
    params: numberParams,
    answer: { body: adminCertificateDtoSchema },
    async handler(ctx) {
      ctx.body = presentAdminCertificate(await revokeCertificate(ctx.deps.db, ctx.deps.clock, ctx.input.params.number));
      ctx.state.log.info({ certificateNumber: ctx.input.params.number }, 'certificate revoked');
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/certificates/:number/restore',
    access: 'admin',
    params: numberParams,
    answer: { body: adminCertificateDtoSchema },
    async handler(ctx) {
      ctx.body = presentAdminCertificate(await restoreCertificate(ctx.deps.db, ctx.input.params.number));
      ctx.state.log.info({ certificateNumber: ctx.input.params.number }, 'certificate restored');
    },
  });
}
