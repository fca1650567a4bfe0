import { certificateListItemDtoSchema, certificatePublicDtoSchema, type CertificatePublicDto } from '@atrium/common';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { presentCertificateListItem, presentCertificatePublic } from '../../../presenters/certificates.ts';
import { certificateExpiry } from '../../../presenters/certificateExpiry.ts';
import { validCertificateByNumber, validCertificatesOf } from '../../../queries/certificates.ts';
import type { Routes } from '../../define.ts';
import { certificateCredentialRoutes } from './credential.ts';
import { certificateNumberParams } from './params.ts';

const NOT_FOUND = 'Certificate Not Found';

export function certificateRoutes(routes: Routes): void {
  certificateCredentialRoutes(routes);
  routes.add({
    method: 'get',
    path: '/api/certificates',
    access: 'user',
    answer: { body: z.array(certificateListItemDtoSchema) },
    cache: 'no-store',
    async handler(ctx) {
      const certificates = await validCertificatesOf(ctx.deps.db, ctx.state.user.id);
      ctx.body = certificates.map(presentCertificateListItem);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/certificates/:number',
    access: 'public',
    answer: { body: certificatePublicDtoSchema },
    // Revocation must show quickly, so verifiers always ask again.
    cache: 'no-store',
    params: certificateNumberParams,
    async handler(ctx) {
      const { number } = ctx.input.params;
      const certificate = number ? await validCertificateByNumber(ctx.deps.db, number) : undefined;
      if (!certificate) throw notFound(NOT_FOUND);
      ctx.body = { ...presentCertificatePublic(certificate), ...(await certificateExpiry(ctx.deps, certificate)) } satisfies CertificatePublicDto;
    },
  });
}
