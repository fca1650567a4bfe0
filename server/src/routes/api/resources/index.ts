import { idParams, messageDtoSchema, RESOURCE_TYPES, resourceDtoSchema, resourceFieldsSchema, type MessageDto } from '@atrium/common';
import { removeResource, replaceResourceFile, updateResource } from '../../../commands/resources.ts';
import { notFound } from '../../../errors.ts';
import { resourceDownloader } from '../../../policies/resources.ts';
import { presentResource } from '../../../presenters/resources.ts';
import { resourceById, type ResourceRow } from '../../../queries/resources.ts';
import type { AppDeps } from '../../../context.ts';
import type { Routes } from '../../define.ts';
import { receiveResourceUpload, sendResource } from '../../resourceFiles.ts';

async function presentOne(deps: AppDeps, id: number) {
  const row = await resourceById(deps.db, id);
  if (!row) throw notFound('Resource not found');
  return presentResource(row);
}

/** One resource: its download, and the admin's edit, file replacement and removal. */
export function resourceRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/resources/:id/download',
    access: 'user',
    answer: { contentType: Object.keys(RESOURCE_TYPES), headers: { 'Content-Disposition': 'attachment, with the resource’s download name' } },
    cache: 'private, no-store',
    params: idParams,
    policy: resourceDownloader,
    async handler(ctx) {
      // The policy read the resource and found the caller may have it.
      const { resource } = ctx.state as { resource?: ResourceRow };
      await sendResource(ctx, resource!);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/resources/:id',
    access: 'admin',
    params: idParams,
    body: resourceFieldsSchema,
    answer: { body: resourceDtoSchema },
    async handler(ctx) {
      await updateResource(ctx.deps, ctx.input.params.id, ctx.input.body);
      ctx.body = await presentOne(ctx.deps, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/resources/:id/file',
    access: 'admin',
    params: idParams,
    answer: { body: resourceDtoSchema },
    async handler(ctx) {
      const id = ctx.input.params.id;
      if (!(await resourceById(ctx.deps.db, id))) throw notFound('Resource not found');
      const { file } = await receiveResourceUpload(ctx, false);
      await replaceResourceFile(ctx.deps, id, file);
      ctx.body = await presentOne(ctx.deps, id);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/resources/:id',
    access: 'admin',
    params: idParams,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      await removeResource(ctx.deps, ctx.input.params.id);
      ctx.body = { message: 'Resource removed' } satisfies MessageDto;
    },
  });
}
