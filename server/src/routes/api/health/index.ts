import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../middlewares/errors.ts';
import { pingDatabase } from '../../../queries/health.ts';
import type { Routes } from '../../define.ts';

/** How long /readyz waits for `select 1`; a load balancer's probe typically gives up after 2–5 s. */
const READY_TIMEOUT_MS = 2000;

export function healthRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/healthz',
    access: 'public',
    answer: { body: z.object({ status: z.literal('ok') }) },
    handler(ctx) {
      ctx.body = { status: 'ok' };
    },
  });

  routes.add({
    method: 'get',
    path: '/readyz',
    access: 'public',
    answer: { body: z.object({ status: z.literal('ready') }) },
    cache: 'no-store',
    async handler(ctx) {
      // A probe gets its answer within READY_TIMEOUT_MS even when connecting hangs.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(ctx.deps.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(Object.assign(new Error('database readiness check timed out'), { code: 'ETIMEDOUT' })), READY_TIMEOUT_MS);
          }),
        ]);
        ctx.deps.database.outages.noteRecovered(ctx.state.log);
        ctx.body = { status: 'ready' };
      } catch (error) {
        ctx.deps.database.outages.noteOutage(ctx.state.log, error, 'readiness check');
        ctx.status = 503;
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        ctx.body = { status: 'unavailable', message: 'The database is not reachable' };
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
