import type { PublicConfigDto } from '@atrium/common';
import type { Routes } from '../../define.ts';

/** What the portal and the widgets need to know about this installation before anyone signs in. */
export function configRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/config',
    access: 'public',
    handler(ctx) {
      const { config } = ctx.deps;
      const body: PublicConfigDto = {
        brandName: config.brandName,
        directorName: config.directorName,
        supportEmail: config.supportEmail,
        stripePublishableKey: config.stripe?.publishableKey ?? null,
        publicUrl: config.publicUrl,
        signInProviders: config.signInProviders.map((provider) => provider.provider),
      };
      ctx.set('Cache-Control', 'public, max-age=60');
      ctx.body = body;
    },
  });
}
