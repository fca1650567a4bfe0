import { z } from 'zod';
import {
  adminTrustDetailDtoSchema,
  trustAttachSchema,
  trustDtoSchema,
  trustInviteParams,
  trustInviteSchema,
  trustManagerParams,
  trustParams,
  trustSchema,
  trustLicenceParams,
  trustLicenceSchema,
  trustSchoolParams,
  schoolSchema,
  type AdminTrustDetailDto,
} from '@atrium/common';
import { licenseTrust, restoreTrustLicence, revokeTrustLicence } from '../../../commands/trustLicences.ts';
import {
  attachSchool,
  createTrust,
  createTrustSchool,
  detachSchool,
  inviteTrustManager,
  removeTrustManager,
  revokeTrustInvite,
} from '../../../commands/trusts.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { adminOfTrust } from '../../../policies/trusts.ts';
import { presentAdminTrust, presentTrust } from '../../../presenters/trusts.ts';
import { allTrusts, openTrustInvitations, trustById, trustLicenceRows, trustManagerRows, trustSchools } from '../../../queries/trusts.ts';
import type { Routes } from '../../define.ts';

/** The admin's page of one trust: its schools, its managers, the invitations not yet accepted and its licences. */
export async function trustDetail(ctx: AppContext, trustId: number): Promise<AdminTrustDetailDto> {
  const { db } = ctx.deps;
  const trust = await trustById(db, trustId);
  if (!trust) throw notFound('Trust not found');
  const [schools, managers, invitations, licences] = await Promise.all([
    trustSchools(db, trustId),
    trustManagerRows(db, trustId),
    openTrustInvitations(db, trustId),
    trustLicenceRows(db, trustId),
  ]);
  return presentAdminTrust(trust, { schools, managers, invitations, licences }, ctx.now());
}

/** Trusts for the agency's admins (/admin, Trusts tab): create one, attach and detach schools, invite its managers. */
export function adminTrustRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/trusts',
    access: 'admin',
    cache: 'no-store',
    answer: { body: z.array(trustDtoSchema) },
    async handler(ctx) {
      ctx.body = (await allTrusts(ctx.deps.db)).map(presentTrust);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/trusts',
    access: 'admin',
    body: trustSchema,
    answer: { status: 201, body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const trustId = await createTrust(ctx.deps.db, ctx.input.body.name, ctx.now());
      ctx.state.log.info({ trustId, by: ctx.state.user.id }, 'trust created');
      ctx.status = 201;
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/trusts/:id',
    access: 'admin',
    params: trustParams,
    policy: adminOfTrust,
    cache: 'no-store',
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      ctx.body = await trustDetail(ctx, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/schools',
    access: 'admin',
    params: trustParams,
    body: trustAttachSchema,
    policy: adminOfTrust,
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const trustId = ctx.input.params.id;
      await attachSchool(ctx.deps.db, trustId, ctx.input.body.schoolId, ctx.now());
      ctx.state.log.info({ trustId, schoolId: ctx.input.body.schoolId, by: ctx.state.user.id }, 'school attached to trust');
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  // A school made for the trust (name and country, as a manager's sign-up asks): in the trust and
  // licensed for its courses at once; answered with the trust's page, which lists it.
  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/schools/new',
    access: 'admin',
    params: trustParams,
    body: schoolSchema,
    policy: adminOfTrust,
    answer: { status: 201, body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const trustId = ctx.input.params.id;
      const schoolId = await createTrustSchool(ctx.deps.db, trustId, ctx.input.body, ctx.now());
      ctx.state.log.info({ trustId, schoolId, by: ctx.state.user.id }, 'school created for trust');
      ctx.status = 201;
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/schools/:schoolId',
    access: 'admin',
    params: trustSchoolParams,
    policy: adminOfTrust,
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const { id: trustId, schoolId } = ctx.input.params;
      await detachSchool(ctx.deps.db, trustId, schoolId);
      ctx.state.log.info({ trustId, schoolId, by: ctx.state.user.id }, 'school detached from trust');
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  // The trust's licence, as an admin grants, revokes and restores a school's (a refund, a courtesy):
  // every school of the trust gains or loses the course with it; a school's own licences stay.
  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/licences',
    access: 'admin',
    params: trustParams,
    body: trustLicenceSchema,
    policy: adminOfTrust,
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const trustId = ctx.input.params.id;
      await licenseTrust(ctx.deps.db, trustId, ctx.input.body.courseId, 'grant', ctx.now());
      ctx.state.log.info({ trustId, courseId: ctx.input.body.courseId, by: ctx.state.user.id }, 'trust licence granted');
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  for (const [action, change] of [
    ['revoke', revokeTrustLicence],
    ['restore', restoreTrustLicence],
  ] as const) {
    routes.add({
      method: 'post',
      path: `/api/admin/trusts/:id/licences/:courseId/${action}`,
      access: 'admin',
      params: trustLicenceParams,
      policy: adminOfTrust,
      answer: { body: adminTrustDetailDtoSchema },
      async handler(ctx) {
        const { id: trustId, courseId } = ctx.input.params;
        await change(ctx.deps.db, trustId, courseId, ctx.now());
        ctx.state.log.info({ trustId, courseId, by: ctx.state.user.id }, `trust licence ${action}d`);
        ctx.body = await trustDetail(ctx, trustId);
      },
    });
  }

  routes.add({
    method: 'post',
    path: '/api/admin/trusts/:id/invitations',
    access: 'admin',
    params: trustParams,
    body: trustInviteSchema,
    rateLimit: { limit: 'invite', by: 'user' },
    policy: adminOfTrust,
    answer: { status: 201, body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const trustId = ctx.input.params.id;
      await inviteTrustManager(
        ctx.deps.db,
        { brand: ctx.deps.config, now: ctx.now() },
        { trustId, email: ctx.input.body.email, inviter: ctx.state.user, by: 'admin' },
      );
      ctx.state.log.info({ trustId, by: ctx.state.user.id }, 'trust manager invited');
      ctx.status = 201;
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/invitations/:inviteId',
    access: 'admin',
    params: trustInviteParams,
    policy: adminOfTrust,
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const { id: trustId, inviteId } = ctx.input.params;
      await revokeTrustInvite(ctx.deps.db, trustId, inviteId, ctx.now());
      ctx.body = await trustDetail(ctx, trustId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/trusts/:id/managers/:userId',
    access: 'admin',
    params: trustManagerParams,
    policy: adminOfTrust,
    answer: { body: adminTrustDetailDtoSchema },
    async handler(ctx) {
      const { id: trustId, userId } = ctx.input.params;
      await removeTrustManager(ctx.deps.db, trustId, userId);
      ctx.state.log.info({ trustId, userId, by: ctx.state.user.id }, 'trust manager removed');
      ctx.body = await trustDetail(ctx, trustId);
    },
  });
}
