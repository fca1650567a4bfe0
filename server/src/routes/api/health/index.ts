import type { PublicConfigDto } from '@atrium/common';
import type { Routes } from '../../define.ts';

export function healthRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/healthz',
    access: 'public',
    handler(ctx) {
      ctx.body = { status: 'ok' };
    },
  });

  routes.add({
    method: 'get',
    path: '/readyz',
    access: 'public',
    async handler(ctx) {
      try {
        await Promise.race([
          ctx.deps.db.raw('select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
        ]);
        ctx.body = { status: 'ready' };
      } catch (error) {
        ctx.state.log.warn({ err: error }, 'readiness check failed');
        ctx.status = 503;
        ctx.body = { status: 'unavailable', message: 'The database is not reachable' };
      }
    },
  });

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
      };
      ctx.set('Cache-Control', 'public, max-age=60');
      ctx.body = body;
    },
  });
}
