import { idParams, resourceDtoSchema, resourceListDtoSchema, resourceOrderSchema } from '@atrium/common';
import { attachResource, reorderResources } from '../../../commands/resources.ts';
import { notFound } from '../../../errors.ts';
import { resourceAccessTo } from '../../../policies/resources.ts';
import { presentResource, presentResourceList } from '../../../presenters/resources.ts';
import { moduleResources, resourceById } from '../../../queries/resources.ts';
import type { Routes } from '../../define.ts';
import { receiveResourceUpload } from '../../resourceFiles.ts';

/** A module's resources: the list anyone may see, and the admin's attach and reorder. */
export function moduleResourceRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/modules/:id/resources',
    access: 'public',
    cache: 'private, no-store',
    params: idParams,
    answer: { body: resourceListDtoSchema },
    async handler(ctx) {
      const module = await ctx.deps.catalogue.module(ctx.input.params.id);
      if (!module) throw notFound('Module not found');
      const user = ctx.state.user;
      const [rows, access] = await Promise.all([moduleResources(ctx.deps.db, module.id), resourceAccessTo(ctx.deps.db, user, module.courseId)]);
      ctx.body = presentResourceList(rows, access);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/modules/:id/resources',
    access: 'admin',
    params: idParams,
    answer: { status: 201, body: resourceDtoSchema },
    async handler(ctx) {
      const moduleId = ctx.input.params.id;
      if (!(await ctx.deps.catalogue.module(moduleId))) throw notFound('Module not found');
      const { file, fields } = await receiveResourceUpload(ctx, true);
      const id = await attachResource(ctx.deps, { moduleId }, fields, file);
      ctx.status = 201;
      ctx.body = presentResource((await resourceById(ctx.deps.db, id))!);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/modules/:id/resources/order',
    access: 'admin',
    params: idParams,
    body: resourceOrderSchema,
    answer: { body: resourceListDtoSchema },
    async handler(ctx) {
      const moduleId = ctx.input.params.id;
      await reorderResources(ctx.deps, { moduleId }, ctx.input.body.resourceIds);
      ctx.body = presentResourceList(await moduleResources(ctx.deps.db, moduleId), 'granted');
    },
  });
}
