import { demoDtoSchema, type DemoDto } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { DEMO_LEARNER } from '../../../seed/demoLearner.ts';
import { firstValidCertificateOfEmail } from '../../../queries/certificates.ts';
import type { Routes } from '../../define.ts';

/**
 * The example pages embed the demo learner's certificate badge and read its number here, since
 * each installation draws its own. Not in production, where no demo learner is seeded: 404 then,
 * and whenever the demo learner or their certificate is not there.
 */
export function demoRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/demo',
    access: 'public',
    cache: 'no-store',
    answer: { body: demoDtoSchema },
    async handler(ctx) {
      const { config, db } = ctx.deps;
      if (config.isProduction) throw notFound('Not found');
      const certificate = await firstValidCertificateOfEmail(db, DEMO_LEARNER.email);
      if (!certificate) throw notFound('Not found');
      const body: DemoDto = { certificateNumber: certificate.certificateNumber };
      ctx.body = body;
    },
  });
}
