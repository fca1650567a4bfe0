import { id, idParams, moduleOrderSchema, moduleSchema, moduleUpdateSchema, type ModuleDto } from '@atrium/common';
import { z } from 'zod';
import { notFound } from '../../../errors.ts';
import { createModule, deleteModule, reorderModules, updateModule } from '../../../commands/catalogue/modules.ts';
import type { AppDeps } from '../../../context.ts';
import type { Module } from '../../../models/Module.ts';
import type { User } from '../../../models/User.ts';
import { presentModules } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { courseViewer } from '../../../policies/index.ts';
import { courseStanding } from '../../../queries/courses.ts';

const courseIdParams = z.object({ courseId: id });

/** The course's modules as the user may see them (Vimeo ids only when enrolled or admin). */
async function modulesOfCourse(deps: AppDeps, user: User, courseId: number): Promise<ModuleDto[]> {
  const [entry, standing] = await Promise.all([deps.catalogue.course(courseId), courseStanding(deps.db, user, courseId)]);
  return presentModules(entry?.modules ?? [], courseViewer(user, standing));
}

async function presentOne(deps: AppDeps, user: User, module: Readonly<Module>): Promise<ModuleDto> {
  const [dto] = presentModules([module], courseViewer(user, await courseStanding(deps.db, user, module.courseId)));
  return dto!;
}

export function moduleRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:courseId/modules',
    access: 'user',
    params: courseIdParams,
    async handler(ctx) {
      const course = await ctx.deps.catalogue.course(ctx.input.params.courseId);
      if (!course) throw notFound('Course not found');
      ctx.body = await modulesOfCourse(ctx.deps, ctx.state.user, course.course.id);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/modules/:id',
    access: 'user',
    params: idParams,
    async handler(ctx) {
      const module = await ctx.deps.catalogue.module(ctx.input.params.id);
      if (!module) throw notFound('Module not found');
      ctx.body = await presentOne(ctx.deps, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/modules',
    access: 'admin',
    body: moduleSchema,
    async handler(ctx) {
      const module = await createModule(ctx.deps, ctx.input.body);
      ctx.status = 201;
      ctx.body = await presentOne(ctx.deps, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/:id',
    access: 'admin',
    params: idParams,
    body: moduleUpdateSchema,
    async handler(ctx) {
      const module = await updateModule(ctx.deps, ctx.input.params.id, ctx.input.body);
      ctx.body = await presentOne(ctx.deps, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/modules/:id',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      await deleteModule(ctx.deps, ctx.input.params.id);
      ctx.body = { message: 'Module deleted' };
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:courseId/modules/order',
    access: 'admin',
    params: courseIdParams,
    body: moduleOrderSchema,
    async handler(ctx) {
      const { courseId } = ctx.input.params;
      await reorderModules(ctx.deps, courseId, ctx.input.body.moduleIds);
      ctx.body = await modulesOfCourse(ctx.deps, ctx.state.user, courseId);
    },
  });
}
