import { signCertificateCredential } from '../../certificateCredential.ts';
import { notFound } from '../../../errors.ts';
import { certificateInForce } from '../../../models/Certificate.ts';
import { certificateByNumber } from '../../../queries/certificates.ts';
import type { Routes } from '../../define.ts';
import { certificateNumberParams } from './params.ts';

/** A certificate as its signed Open Badges 3.0 VC-JWT (the keys and lists to verify it: credentials/). */
export function certificateCredentialRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/certificates/:number/credential',
    access: 'public',
    cache: 'no-store',
    params: certificateNumberParams,
    answer: { contentType: 'application/vc+jwt' },
    async handler(ctx) {
      const { number } = ctx.input.params;
      const certificate = number ? await certificateByNumber(ctx.deps.db, number) : undefined;
      if (!certificate) throw notFound('Certificate Not Found');
      // Still a 404, but one a verifier holding the number can tell from a mistyped number.
      if (!certificateInForce(certificate)) throw notFound('This certificate was revoked by its issuer', 'certificate_revoked');
      const { jwt } = await signCertificateCredential(ctx.deps, certificate);
      ctx.set('Content-Disposition', `attachment; filename="${certificate.certificateNumber}.jwt"`);
      ctx.type = 'application/vc+jwt';
      ctx.body = jwt;
    },
  });
}
