import { adminAccountDtoSchema, grantAdminSchema, idParams, messageDtoSchema, type AdminAccountDto, type MessageDto } from '@atrium/common';
import { z } from 'zod';
import { grantAdmin, revokeAdmin } from '../../../commands/admins.ts';
import { presentAdminAccount } from '../../../presenters/admins.ts';
import { adminAccounts } from '../../../queries/admins.ts';
import type { Routes } from '../../define.ts';

/** Who holds the admin role, granted and taken away without a restart (README "Admins"). */
export function adminAdminRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/admins',
    access: 'admin',
    cache: 'no-store',
    answer: { body: z.array(adminAccountDtoSchema) },
    async handler(ctx) {
      const body: AdminAccountDto[] = (await adminAccounts(ctx.deps.db)).map(presentAdminAccount);
      ctx.body = body;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/admins',
    access: 'admin',
    body: grantAdminSchema,
    answer: { status: 201, body: adminAccountDtoSchema },
    async handler(ctx) {
      const { admin, changed } = await grantAdmin(ctx.deps.db, ctx.deps.clock, ctx.input.body.email);
      if (changed) ctx.state.log.info({ adminId: admin.id, by: ctx.state.user.id }, 'admin role granted');
      ctx.status = changed ? 201 : 200;
      ctx.body = presentAdminAccount(admin) satisfies AdminAccountDto;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/admins/:id',
    access: 'admin',
    params: idParams,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const removed = await revokeAdmin(ctx.deps.db, ctx.deps.clock, ctx.input.params.id);
      ctx.state.log.info({ adminId: removed.id, by: ctx.state.user.id }, 'admin role removed');
      const self = Number(removed.id) === ctx.state.user.id;
      ctx.body = {
        message: self ? 'You are no longer an admin. The admin pages close when you leave this one.' : `${removed.email} is no longer an admin.`,
      } satisfies MessageDto;
    },
  });
}
