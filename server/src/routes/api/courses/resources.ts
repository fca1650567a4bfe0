import { idParams, resourceDtoSchema, resourceListDtoSchema, resourceOrderSchema } from '@atrium/common';
import { attachResource, reorderResources } from '../../../commands/resources.ts';
import { notFound } from '../../../errors.ts';
import { resourceAccessTo } from '../../../policies/resources.ts';
import { presentResource, presentResourceList } from '../../../presenters/resources.ts';
import { courseResources, resourceById } from '../../../queries/resources.ts';
import type { Routes } from '../../define.ts';
import { receiveResourceUpload } from '../../resourceFiles.ts';

/** A course's resources: the list anyone may see, and the admin's attach and reorder. */
export function courseResourceRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:id/resources',
    access: 'public',
    cache: 'private, no-store',
    params: idParams,
    answer: { body: resourceListDtoSchema },
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      const user = ctx.state.user;
      const [entry, rows, access] = await Promise.all([
        ctx.deps.catalogue.course(courseId),
        courseResources(ctx.deps.db, courseId),
        resourceAccessTo(ctx.deps.db, user, courseId),
      ]);
      if (!entry) throw notFound('Course not found');
      ctx.body = presentResourceList(rows, access);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/courses/:id/resources',
    access: 'admin',
    params: idParams,
    answer: { status: 201, body: resourceDtoSchema },
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      if (!(await ctx.deps.catalogue.course(courseId))) throw notFound('Course not found');
      const { file, fields } = await receiveResourceUpload(ctx, true);
      const id = await attachResource(ctx.deps, { courseId, moduleId: null }, fields, file);
      ctx.status = 201;
      ctx.body = presentResource((await resourceById(ctx.deps.db, id))!);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:id/resources/order',
    access: 'admin',
    params: idParams,
    body: resourceOrderSchema,
    answer: { body: resourceListDtoSchema },
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      await reorderResources(ctx.deps, { courseId, moduleId: null }, ctx.input.body.resourceIds);
      ctx.body = presentResourceList(
        (await courseResources(ctx.deps.db, courseId)).filter((row) => row.moduleId === null),
        'granted',
      );
    },
  });
}
