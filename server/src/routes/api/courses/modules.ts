import { id, moduleDtoSchema, moduleOrderSchema, type ModuleDto } from '@atrium/common';
import { z } from 'zod';
import { reorderModules } from '../../../commands/catalogue/modules.ts';
import type { AppDeps } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import type { User } from '../../../models/User.ts';
import { courseViewer } from '../../../policies/index.ts';
import { presentModules } from '../../../presenters/courses.ts';
import { courseStanding } from '../../../queries/courses.ts';
import type { Routes } from '../../define.ts';

const courseIdParams = z.object({ courseId: id });

/** The course's modules as the user may see them (Vimeo ids only when enrolled or admin). */
async function modulesOfCourse(deps: AppDeps, user: User, courseId: number): Promise<ModuleDto[]> {
  const [entry, standing] = await Promise.all([deps.catalogue.course(courseId), courseStanding(deps.db, user, courseId)]);
  return presentModules(entry?.modules ?? [], courseViewer(user, standing));
}

/** A course's modules in order, and the admin's reordering of them (one module: modules/). */
export function courseModuleRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:courseId/modules',
    access: 'user',
    params: courseIdParams,
    answer: { body: z.array(moduleDtoSchema) },
    async handler(ctx) {
      const course = await ctx.deps.catalogue.course(ctx.input.params.courseId);
      if (!course) throw notFound('Course not found');
      ctx.body = await modulesOfCourse(ctx.deps, ctx.state.user, course.course.id);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:courseId/modules/order',
    access: 'admin',
    params: courseIdParams,
    body: moduleOrderSchema,
    answer: { body: z.array(moduleDtoSchema) },
    async handler(ctx) {
      const { courseId } = ctx.input.params;
      await reorderModules(ctx.deps, courseId, ctx.input.body.moduleIds);
      ctx.body = await modulesOfCourse(ctx.deps, ctx.state.user, courseId);
    },
  });
}
