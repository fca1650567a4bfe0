import { id, pageQuery, type AdminCertificateDto } from '@atrium/common';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { Certificate } from '../../../models/Certificate.ts';
import { presentAdminCertificate } from '../../../presenters/admin.ts';
import type { Db } from '../../../db/knex.ts';
import type { Routes } from '../../define.ts';
import { countOf } from '../../../queries/admin.ts';

const numberParams = z.object({ number: z.string().trim().min(1).max(40) });

const listQuery = pageQuery().extend({ userId: id.optional() });

async function setRevokedAt(db: Db, certificateNumber: string, revokedAt: (current: number | null) => number | null) {
  const certificate = await Certificate.query(db).findOne({ certificateNumber });
  if (!certificate) throw notFound('Certificate not found');
  const next = revokedAt(certificate.revokedAt === null ? null : Number(certificate.revokedAt));
  await Certificate.query(db).findById(certificate.id).patch({ revokedAt: next });
  return presentAdminCertificate(Object.assign(certificate, { revokedAt: next }));
}

/** Revoking hides a certificate from public verification (404) without deleting the record. */
export function adminCertificateRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/certificates',
    access: 'admin',
    query: listQuery,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { userId, limit, offset } = ctx.input.query;
      const page = Certificate.query(db).orderBy('issuedAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
      const total = db('certificates');
      if (userId !== undefined) {
        page.where('userId', userId);
        total.where('userId', userId);
      }
      const [certificates, count] = await Promise.all([page, countOf(total)]);
      ctx.set('X-Total-Count', String(count));
      ctx.set('Cache-Control', 'no-store');
      const body: AdminCertificateDto[] = certificates.map(presentAdminCertificate);
      ctx.body = body;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/certificates/:number/revoke',
    access: 'admin',
    params: numberParams,
    async handler(ctx) {
      // Revoking twice keeps the first date: that is when it stopped being valid.
      ctx.body = await setRevokedAt(ctx.deps.db, ctx.input.params.number, (current) => current ?? Date.now());
      ctx.state.log.info({ certificateNumber: ctx.input.params.number }, 'certificate revoked');
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/certificates/:number/restore',
    access: 'admin',
    params: numberParams,
    async handler(ctx) {
      ctx.body = await setRevokedAt(ctx.deps.db, ctx.input.params.number, () => null);
      ctx.state.log.info({ certificateNumber: ctx.input.params.number }, 'certificate restored');
    },
  });
}
