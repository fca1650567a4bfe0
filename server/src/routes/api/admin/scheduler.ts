import { schedulerJobParams, schedulerRunDtoSchema, schedulerStatusDtoSchema, type SchedulerRunDto, type SchedulerStatusDto } from '@atrium/common';
import { conflict, notFound, serviceUnavailable } from '../../../errors.ts';
import { presentSchedulerJob } from '../../../presenters/deadlines.ts';
import { schedulerJobs } from '../../../queries/scheduler.ts';
import { reminderJobs } from '../../../reminders/jobs.ts';
import { Scheduler } from '../../../scheduler/scheduler.ts';
import type { Routes } from '../../define.ts';

/** The scheduled jobs (reminders, digests) on /admin: their state, and running one now. */
export function adminSchedulerRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/scheduler',
    access: 'admin',
    cache: 'no-store',
    answer: { body: schedulerStatusDtoSchema },
    async handler(ctx) {
      const { db, config } = ctx.deps;
      const rows = await schedulerJobs(db);
      const now = ctx.now();
      ctx.body = {
        enabled: config.remindersEnabled,
        intervalSeconds: config.schedulerIntervalS,
        jobs: rows.map((row) => presentSchedulerJob(row, now)),
      } satisfies SchedulerStatusDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/scheduler/:name/run',
    access: 'admin',
    params: schedulerJobParams,
    answer: { body: schedulerRunDtoSchema },
    async handler(ctx) {
      const { name } = ctx.input.params;
      // A scheduler of its own for this one run: same jobs, same lease rows as the instance's timer.
      const result = await new Scheduler(ctx.deps, reminderJobs()).runNow(name);
      if (result.outcome === 'unknown') throw notFound(`There is no scheduled job called ${name}`);
      if (result.outcome === 'leased') {
        const until = new Date(result.leaseUntil).toISOString().slice(11, 16);
        throw conflict(`${name} is running on another instance right now (its lease runs until ${until} UTC). Try again once it has finished.`);
      }
      if (result.outcome === 'failed') {
        throw serviceUnavailable(`${name} failed: ${result.error}. It is retried automatically; the panel shows when.`);
      }
      ctx.body = { name, sent: result.sent } satisfies SchedulerRunDto;
    },
  });
}
