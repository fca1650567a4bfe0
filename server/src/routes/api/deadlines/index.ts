import {
  deadlineSchema,
  schoolCourseParams,
  schedulerJobParams,
  schoolParams,
  trainingStatusQuery,
  type SchoolDeadlinesDto,
  type SchedulerRunDto,
  type SchedulerStatusDto,
  type MyTrainingDto,
} from '@atrium/common';
import { membershipOf } from '../../../commands/schools/shared.ts';
import { clearDeadline, schoolDeadlines, setDeadline } from '../../../commands/deadlines.ts';
import type { AppContext } from '../../../context.ts';
import { conflict, notFound, serviceUnavailable } from '../../../errors.ts';
import { presentSchedulerJob, presentTrainingStatus, type SchedulerJobRow } from '../../../presenters/deadlines.ts';
import { statusCounts, statusPage } from '../../../queries/trainingStatus.ts';
import { reminderJobs } from '../../../reminders/jobs.ts';
import { Scheduler } from '../../../scheduler/scheduler.ts';
import { invitedPeople } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from '../schools/access.ts';

const now = (ctx: AppContext) => ctx.deps.clock.now().getTime();

async function deadlinesBody(ctx: AppContext, schoolId: number): Promise<SchoolDeadlinesDto> {
  const { db } = ctx.deps;
  const [courses, counts, invited] = await Promise.all([schoolDeadlines(db, schoolId), statusCounts(db, schoolId, now(ctx)), invitedPeople(db, schoolId)]);
  return { courses, counts, invited: invited.length };
}

async function existingSchool(ctx: AppContext, schoolId: number): Promise<number> {
  if (!(await ctx.deps.db('schools').where({ id: schoolId }).first('id'))) throw notFound('School not found');
  return schoolId;
}

/**
 * Deadlines and training statuses: the manager's side under /api/schools/:id (their own school
 * only), the same for any school under /api/admin/schools/:id, and the scheduler's jobs for the
 * admin. Schools are resolved by the same two paths as the rest of the school routes.
 */
export function deadlineRoutes(routes: Routes): void {
  const sides = [
    {
      prefix: '/api/schools/:id',
      access: 'user' as const,
      school: (ctx: AppContext & { state: { user: NonNullable<AppContext['state']['user']> } }, id: number) =>
        managedSchool(ctx.deps.db, ctx.state.user, id).then((s) => Number(s.id)),
    },
    { prefix: '/api/admin/schools/:id', access: 'admin' as const, school: (ctx: AppContext, id: number) => existingSchool(ctx, id) },
  ];
  for (const side of sides) {
    routes.add({
      method: 'get',
      path: `${side.prefix}/deadlines`,
      access: side.access,
      params: schoolParams,
      async handler(ctx) {
        const schoolId = await side.school(ctx, ctx.input.params.id);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await deadlinesBody(ctx, schoolId);
      },
    });

    routes.add({
      method: 'put',
      path: `${side.prefix}/deadlines/:courseId`,
      access: side.access,
      params: schoolCourseParams,
      body: deadlineSchema,
      async handler(ctx) {
        const schoolId = await side.school(ctx, ctx.input.params.id);
        await setDeadline(ctx.deps.db, schoolId, ctx.input.params.courseId, ctx.input.body, ctx.state.user.id, now(ctx));
        ctx.state.log.info({ schoolId, courseId: ctx.input.params.courseId, by: ctx.state.user.id, ...ctx.input.body }, 'deadline set');
        ctx.body = await deadlinesBody(ctx, schoolId);
      },
    });

    routes.add({
      method: 'delete',
      path: `${side.prefix}/deadlines/:courseId`,
      access: side.access,
      params: schoolCourseParams,
      async handler(ctx) {
        const schoolId = await side.school(ctx, ctx.input.params.id);
        const removed = await clearDeadline(ctx.deps.db, schoolId, ctx.input.params.courseId);
        if (removed) ctx.state.log.info({ schoolId, courseId: ctx.input.params.courseId, by: ctx.state.user.id }, 'deadline removed');
        ctx.body = await deadlinesBody(ctx, schoolId);
      },
    });

    routes.add({
      method: 'get',
      path: `${side.prefix}/training-status`,
      access: side.access,
      params: schoolParams,
      query: trainingStatusQuery,
      async handler(ctx) {
        const schoolId = await side.school(ctx, ctx.input.params.id);
        const page = await statusPage(ctx.deps.db, schoolId, now(ctx), ctx.input.query);
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Total-Count', String(page.total));
        ctx.body = page.rows.map(presentTrainingStatus);
      },
    });
  }

  routes.add({
    method: 'get',
    path: '/api/user/training',
    access: 'user',
    async handler(ctx) {
      const { db } = ctx.deps;
      const membership = await membershipOf(db, ctx.state.user.id);
      ctx.set('Cache-Control', 'no-store');
      if (!membership) {
        ctx.body = [] satisfies MyTrainingDto[];
        return;
      }
      const page = await statusPage(db, membership.schoolId, now(ctx), { userId: ctx.state.user.id, limit: 1000, offset: 0 });
      ctx.body = page.rows.map((row) => {
        const { courseId, status, dueOn, expiresOn } = presentTrainingStatus(row);
        return { courseId, status, dueOn, expiresOn };
      }) satisfies MyTrainingDto[];
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/scheduler',
    access: 'admin',
    async handler(ctx) {
      const { db, config } = ctx.deps;
      const rows: SchedulerJobRow[] = await db('schedulerJobs').select('*').orderBy('name');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        enabled: config.remindersEnabled,
        intervalSeconds: config.schedulerIntervalS,
        jobs: rows.map((row) => presentSchedulerJob(row, now(ctx))),
      } satisfies SchedulerStatusDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/scheduler/:name/run',
    access: 'admin',
    params: schedulerJobParams,
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
