import { idParams, messageDtoSchema, moduleDtoSchema, moduleSchema, moduleUpdateSchema, type ModuleDto, type MessageDto } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { createModule, deleteModule, updateModule } from '../../../commands/catalogue/modules.ts';
import type { AppDeps } from '../../../context.ts';
import type { Module } from '../../../models/Module.ts';
import type { User } from '../../../models/User.ts';
import { presentModules } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { commentRoutes } from './comments.ts';
import { moduleResourceRoutes } from './resources.ts';
import { captionRoutes } from './captions.ts';
import { courseViewer } from '../../../policies/index.ts';
import { courseStanding } from '../../../queries/courses.ts';

async function presentOne(deps: AppDeps, user: User, module: Readonly<Module>): Promise<ModuleDto> {
  const [dto] = presentModules([module], courseViewer(user, await courseStanding(deps.db, user, module.courseId)));
  return dto!;
}

export function moduleRoutes(routes: Routes): void {
  commentRoutes(routes);
  moduleResourceRoutes(routes);
  captionRoutes(routes);
  routes.add({
    method: 'get',
    path: '/api/modules/:id',
    access: 'user',
    params: idParams,
    answer: { body: moduleDtoSchema },
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
    answer: { status: 201, body: moduleDtoSchema },
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
    answer: { body: moduleDtoSchema },
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
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      await deleteModule(ctx.deps, ctx.input.params.id);
      ctx.body = { message: 'Module deleted' } satisfies MessageDto;
    },
  });
}
