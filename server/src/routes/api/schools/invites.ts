import { z } from 'zod';
import {
  createdInviteDtoSchema,
  inviteEmailSchema,
  invitePreviewDtoSchema,
  invitesMailedDtoSchema,
  inviteSchema,
  joinResultDtoSchema,
  messageDtoSchema,
  schoolInviteDtoSchema,
  schoolInviteParams,
  schoolParams,
  tokenParams,
  type CreatedInviteDto,
  type InvitesMailedDto,
  type JoinResultDto,
  type MessageDto,
} from '@atrium/common';
import { findInvite } from '../../../queries/invitations.ts';
import { acceptInvite, createInvite, inviteUrl, resendInvitation, revokeInvite, unknownInvite } from '../../../commands/schools/invites.ts';
import { mailInvites } from '../../../commands/schools/roster.ts';
import type { AppContext } from '../../../context.ts';
import { invitationMailer } from '../../../policies/invitations.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { presentInvite, presentInvitePreview, presentSchool } from '../../../presenters/schools.ts';
import { sharedInviteLinks } from '../../../queries/invitations.ts';
import { foundSchool, schoolById } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';
import { schoolInvitedRoutes } from '../../owners/schoolInvited.ts';
import { schoolCommentRoutes } from '../../owners/schoolComments.ts';

const sender = (ctx: AppContext) => ({ brand: ctx.deps.config, now: ctx.now(), dailyCap: ctx.deps.config.inviteMailDailyCap });

export function schoolInviteRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    body: inviteSchema,
    rateLimit: { limit: 'inviteLink', by: 'user' },
    policy: schoolManager,
    answer: { status: 201, body: createdInviteDtoSchema },
    async handler(ctx) {
      const { db, config } = ctx.deps;
      const { token, invite } = await createInvite(db, ctx.input.params.id, ctx.state.user.id, ctx.input.body, ctx.now());
      ctx.status = 201;
      ctx.body = { ...presentInvite(invite, ctx.now()), url: inviteUrl(config.publicUrl, token) } satisfies CreatedInviteDto;
    },
  });

  /** Shared links only: invitations mailed to a person are listed with the members. */
  routes.add({
    method: 'get',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    policy: schoolManager,
    cache: 'no-store',
    answer: { body: z.array(schoolInviteDtoSchema) },
    async handler(ctx) {
      const rows = await sharedInviteLinks(ctx.deps.db, ctx.input.params.id);
      ctx.body = rows.map((row) => presentInvite(row, ctx.now()));
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/invites/:inviteId',
    access: 'user',
    params: schoolInviteParams,
    policy: schoolManager,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      await revokeInvite(ctx.deps.db, ctx.input.params.id, ctx.input.params.inviteId, ctx.now());
      ctx.body = { message: 'Invitation withdrawn' } satisfies MessageDto;
    },
  });

  schoolInvitedRoutes(routes, { base: '/api/schools/:id', access: 'user', policy: schoolManager });
  schoolCommentRoutes(routes, { base: '/api/schools/:id', access: 'user', policy: schoolManager });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites/:inviteId/resend',
    access: 'user',
    params: schoolInviteParams,
    rateLimit: { limit: 'invite', by: 'user' },
    policy: invitationMailer,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const school = await foundSchool(db, ctx.input.params.id);
      const { email } = await resendInvitation(db, sender(ctx), { school, inviter: user, inviteId: ctx.input.params.inviteId });
      ctx.state.log.info({ schoolId: school.id, by: user.id, inviteId: ctx.input.params.inviteId }, 'school invitation resent');
      ctx.body = { message: `Invitation sent again to ${email}` } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites/email',
    access: 'user',
    params: schoolParams,
    body: inviteEmailSchema,
    rateLimit: { limit: 'invite', by: 'user' },
    policy: invitationMailer,
    answer: { body: invitesMailedDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const school = await foundSchool(db, ctx.input.params.id);
      const result = await mailInvites(db, sender(ctx), { school, inviter: user, emails: ctx.input.body.emails });
      ctx.state.log.info({ schoolId: school.id, by: user.id, count: result.invited }, 'school invites mailed');
      const sent = result.invited;
      const already = result.unchanged ? ` (${result.unchanged} already invited or a member)` : '';
      ctx.body = { message: `Invitation sent to ${sent} ${sent === 1 ? 'person' : 'people'}${already}`, sent } satisfies InvitesMailedDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/invites/:token',
    access: 'public',
    params: tokenParams,
    cache: 'no-store',
    answer: { body: invitePreviewDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const invite = await findInvite(db, ctx.input.params.token);
      if (!invite) throw unknownInvite();
      const school = await schoolById(db, invite.schoolId);
      if (!school) throw unknownInvite();
      ctx.body = presentInvitePreview(school.name, invite, ctx.now());
    },
  });

  routes.add({
    method: 'post',
    path: '/api/invites/:token/accept',
    access: 'user',
    params: tokenParams,
    rateLimit: { limit: 'inviteAccept', by: 'user' },
    // 201 when the caller joins; 200 with joined: false when they were already a member.
    answer: { status: 201, body: joinResultDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId, outcome } = await acceptInvite(db, ctx.input.params.token, ctx.state.user, ctx.now());
      if (outcome.status === 'other-school') throw new Error('unreachable: acceptInvite refuses other schools');
      const school = await foundSchool(db, schoolId);
      ctx.status = outcome.status === 'joined' ? 201 : 200;
      ctx.body = { school: presentSchool(school), role: outcome.role, joined: outcome.status === 'joined' } satisfies JoinResultDto;
    },
  });
}
