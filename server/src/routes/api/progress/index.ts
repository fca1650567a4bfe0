import { id, progressDtoSchema, progressSchema } from '@atrium/common';
import { z } from 'zod';
import { isCourseCompleted } from '../../../queries/progress.ts';
import { recordProgress, type CourseCompletion } from '../../../commands/recordProgress.ts';
import { dbBoolean } from '../../../db/knex.ts';
import { badRequest, notFound, notWatchedEnough } from '../../../errors.ts';
import { courseAccess, courseAccessOf, requireCourseAbility } from '../../../policies/courseAccess.ts';
import { presentProgress } from '../../../presenters/courses.ts';
import { certificateInForce } from '../../../models/Certificate.ts';
import { latestCertificate } from '../../../queries/certificates.ts';
import { progressOf } from '../../../queries/progress.ts';
import type { Routes } from '../../define.ts';

const MODULE_NOT_FOUND = 'Module not found';

export function progressRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/progress/:moduleId',
    access: 'user',
    answer: { body: progressDtoSchema },
    cache: 'no-store',
    params: z.object({ moduleId: id }),
    async handler(ctx) {
      const { db, catalogue } = ctx.deps;
      const userId = ctx.state.user.id;
      const module = await catalogue.module(ctx.input.params.moduleId);
      if (!module) throw notFound(MODULE_NOT_FOUND);
      const progress = await progressOf(db, userId, module.id);
      let completion: CourseCompletion = { courseCompleted: false, certificateNumber: null };
      // The course cannot be complete while this module is not.
      if (progress && dbBoolean(progress.isCompleted) && (await isCourseCompleted(db, userId, module.courseId))) {
        const latest = await latestCertificate(db, userId, module.courseId);
        const certificate = latest && certificateInForce(latest) ? latest : undefined;
        completion = { courseCompleted: true, certificateNumber: certificate?.certificateNumber ?? null };
      }
      ctx.body = presentProgress(module, progress, completion);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/progress',
    access: 'user',
    answer: { body: progressDtoSchema },
    body: progressSchema,
    async handler(ctx) {
      const { database, catalogue } = ctx.deps;
      const user = ctx.state.user;
      const input = ctx.input.body;
      const module = await catalogue.module(input.moduleId);
      if (!module) throw notFound(MODULE_NOT_FOUND);
      if (module.courseId !== input.courseId) {
        throw badRequest('This module belongs to a different course', { courseId: 'Does not match the module' });
      }
      // "Completion requires watching" matters only to Mark as Complete (issue 36).
      const requiresWatching = input.isCompleted && Boolean((await catalogue.course(module.courseId))?.totals.requiresWatching);
      // The enrollment check is folded into recordProgress's upsert.
      const recorded = await recordProgress(
        database,
        {
          userId: user.id,
          module,
          watchedDuration: input.watchedDuration,
          isCompleted: input.isCompleted,
          playedSeconds: input.playedSeconds,
          requiresWatching,
          position: input.position,
          playedBuckets: input.playedBuckets,
        },
        { now: ctx.now() },
      );
      if (recorded === 'module-gone') {
        // Deleted through another instance: this one's catalogue is behind, so catch it up.
        catalogue.invalidate();
        throw notFound(MODULE_NOT_FOUND);
      }
      if (recorded === 'not-enrolled') {
        requireCourseAbility(courseAccessOf(user, false), 'recordProgress', 'progress');
        return;
      }
      if ('refusal' in recorded) {
        // Nothing was written: a learner not enrolled hears that rather than how much to watch.
        requireCourseAbility(await courseAccess(database.knex, user, module.courseId, 'enrollment'), 'recordProgress', 'progress');
        throw notWatchedEnough(recorded.playedSeconds, recorded.requiredSeconds);
      }
      ctx.body = presentProgress(module, recorded.progress, recorded);
    },
  });
}
