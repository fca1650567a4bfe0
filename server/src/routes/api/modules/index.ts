import { id, idParams, moduleOrderSchema, moduleSchema, moduleUpdateSchema, type ModuleDto } from '@atrium/common';
import { z } from 'zod';
import type { Db } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import { createModule, deleteModule, reorderModules, updateModule } from '../../../commands/moduleCatalogue.ts';
import type { Module } from '../../../models/Module.ts';
import { catalogue, catalogueModule } from '../../../services/catalogue.ts';
import type { User } from '../../../models/User.ts';
import { presentModules } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { courseViewer } from '../courses/queries.ts';

const courseIdParams = z.object({ courseId: id });

/** The course's modules as the user may see them (Vimeo ids only when enrolled or admin). */
async function modulesOfCourse(db: Db, user: User, courseId: number): Promise<ModuleDto[]> {
  const [entry, viewer] = await Promise.all([catalogue(db).then((c) => c.courses.get(courseId)), courseViewer(db, user, courseId)]);
  return presentModules(entry?.modules ?? [], viewer);
}

async function presentOne(db: Db, user: User, module: Module): Promise<ModuleDto> {
  const [dto] = presentModules([module], await courseViewer(db, user, module.courseId));
  return dto!;
}

export function moduleRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:courseId/modules',
    access: 'user',
    params: courseIdParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const course = (await catalogue(db)).courses.get(ctx.input.params.courseId);
      if (!course) throw notFound('Course not found');
      ctx.body = await modulesOfCourse(db, ctx.state.user, course.course.id);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/modules/:id',
    access: 'user',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const module = await catalogueModule(db, ctx.input.params.id);
      if (!module) throw notFound('Module not found');
      ctx.body = await presentOne(db, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/modules',
    access: 'admin',
    body: moduleSchema,
    async handler(ctx) {
      const module = await createModule(ctx.deps.db, ctx.input.body);
      ctx.status = 201;
      ctx.body = await presentOne(ctx.deps.db, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/:id',
    access: 'admin',
    params: idParams,
    body: moduleUpdateSchema,
    async handler(ctx) {
      const module = await updateModule(ctx.deps.db, ctx.input.params.id, ctx.input.body);
      ctx.body = await presentOne(ctx.deps.db, ctx.state.user, module);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/modules/:id',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      await deleteModule(ctx.deps.db, ctx.input.params.id);
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
      await reorderModules(ctx.deps.db, courseId, ctx.input.body.moduleIds);
      ctx.body = await modulesOfCourse(ctx.deps.db, ctx.state.user, courseId);
    },
  });
}
