import { z } from 'zod';
import {
  messageDtoSchema,
  myTrustDtoSchema,
  tokenParams,
  trustInvitePreviewDtoSchema,
  trustInviteSchema,
  trustManagersDtoSchema,
  trustOverviewDtoSchema,
  trustOverviewQuery,
  trustParams,
  trustStatusQuery,
  trustStatusRowDtoSchema,
  type MyTrustDto,
  type TrustManagersDto,
  type MessageDto,
} from '@atrium/common';
import { acceptTrustInvite, inviteTrustManager } from '../../../commands/trusts.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../errors.ts';
import { trustManager } from '../../../policies/trusts.ts';
import {
  presentMyTrust,
  presentTrustInvitation,
  presentTrustInvitePreview,
  presentTrustManager,
  presentTrustOverview,
  presentTrustStatus,
} from '../../../presenters/trusts.ts';
import {
  findTrustInvite,
  openTrustInvitations,
  trustById,
  trustCourses,
  trustManagerRows,
  trustOfManager,
  trustSchools,
  trustStatusPage,
} from '../../../queries/trusts.ts';
import { trustStatusCounts } from '../../../queries/statusCounts.ts';
import { sendPage, type Routes } from '../../define.ts';
import { trustDeadlineRoutes } from './deadlines.ts';
import { trustIdentityProviderRoutes } from './identityProvider.ts';
import { trustGroupRoutes } from './groups.ts';
import { trustMoveRoutes } from './moves.ts';
import { trustInsightsRoutes } from './insights.ts';
import { trustRegisterRoutes } from './register.ts';
import { trustLicensedCourseIds } from '../../../queries/licences.ts';

const unknownInvite = () => notFound('This invitation link is not valid. Check that you copied all of it, or ask for a new one.');

/**
 * The trust manager's side (/trust): every school's counts, the trust-wide list, the register, the
 * trust's managers and invitations; and the invitation link itself. A school manager keeps
 * /api/schools/:id for their own school; nothing here is open to them.
 */
/** The trust the caller manages, with the courses its licences cover (what checkout offers to buy). */
async function myTrust(ctx: AppContext, managed: { trustId: number; name: string } | null): Promise<MyTrustDto> {
  return presentMyTrust(managed, managed ? await trustLicensedCourseIds(ctx.deps.db, managed.trustId) : []);
}

export function trustRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/trusts/mine',
    access: 'user',
    cache: 'no-store',
    answer: { body: myTrustDtoSchema },
    async handler(ctx) {
      ctx.body = await myTrust(ctx, await trustOfManager(ctx.deps.db, ctx.state.user.id));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/overview',
    access: 'user',
    params: trustParams,
    query: trustOverviewQuery,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: trustOverviewDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const trustId = ctx.input.params.id;
      const [trust, schools, counts, courses] = await Promise.all([
        trustById(db, trustId),
        trustSchools(db, trustId),
        trustStatusCounts(db, trustId, ctx.now(), ctx.input.query),
        trustCourses(db, trustId),
      ]);
      if (!trust) throw notFound('Trust not found');
      ctx.body = presentTrustOverview(trust, schools, counts, courses);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/statuses',
    access: 'user',
    params: trustParams,
    query: trustStatusQuery,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: z.array(trustStatusRowDtoSchema), headers: { 'X-Total-Count': 'How many rows match in all (the page holds at most `limit` of them).' } },
    async handler(ctx) {
      const page = await trustStatusPage(ctx.deps.db, ctx.input.params.id, ctx.now(), ctx.input.query);
      sendPage(ctx, { rows: page.rows.map(presentTrustStatus), total: page.total });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/:id/managers',
    access: 'user',
    params: trustParams,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: trustManagersDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const [managers, invitations] = await Promise.all([trustManagerRows(db, ctx.input.params.id), openTrustInvitations(db, ctx.input.params.id)]);
      ctx.body = {
        managers: managers.map(presentTrustManager),
        invitations: invitations.map((row) => presentTrustInvitation(row, ctx.now())),
      } satisfies TrustManagersDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/trusts/:id/invitations',
    access: 'user',
    params: trustParams,
    body: trustInviteSchema,
    rateLimit: { limit: 'invite', by: 'user' },
    policy: trustManager,
    answer: { status: 201, body: messageDtoSchema },
    async handler(ctx) {
      const trustId = ctx.input.params.id;
      await inviteTrustManager(
        ctx.deps.db,
        { brand: ctx.deps.config, now: ctx.now() },
        { trustId, email: ctx.input.body.email, inviter: ctx.state.user, by: 'trustManager' },
      );
      ctx.state.log.info({ trustId, by: ctx.state.user.id }, 'trust manager invited by a trust manager');
      ctx.status = 201;
      ctx.body = { message: `Invitation sent to ${ctx.input.body.email}` } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/trusts/invites/:token',
    access: 'public',
    params: tokenParams,
    cache: 'no-store',
    answer: { body: trustInvitePreviewDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const invite = await findTrustInvite(db, ctx.input.params.token);
      if (!invite) throw unknownInvite();
      const trust = await trustById(db, Number(invite.trustId));
      if (!trust) throw unknownInvite();
      ctx.body = presentTrustInvitePreview(trust.name, invite, ctx.now());
    },
  });

  routes.add({
    method: 'post',
    path: '/api/trusts/invites/:token/accept',
    access: 'user',
    params: tokenParams,
    rateLimit: { limit: 'inviteAccept', by: 'user' },
    answer: { body: myTrustDtoSchema },
    async handler(ctx) {
      const { trustId } = await acceptTrustInvite(ctx.deps.db, ctx.input.params.token, ctx.state.user, ctx.now());
      const trust = await trustById(ctx.deps.db, trustId);
      ctx.body = await myTrust(ctx, { trustId, name: trust?.name ?? '' });
    },
  });

  trustRegisterRoutes(routes);
  trustDeadlineRoutes(routes);
  trustIdentityProviderRoutes(routes);
  trustGroupRoutes(routes);
  trustInsightsRoutes(routes);
  trustMoveRoutes(routes);
}
