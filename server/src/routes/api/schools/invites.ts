import { inviteEmailSchema, inviteSchema, schoolInviteParams, schoolParams, tokenParams, type CreatedInviteDto, type JoinResultDto } from '@atrium/common';
import {
  acceptInvite,
  createInvite,
  findInvite,
  inviteUrl,
  mailInvites,
  revokeInvite,
  unknownInvite,
  type InviteRow,
} from '../../../commands/schools/invites.ts';
import { presentInvite, presentInvitePreview, presentSchool } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';

export function schoolInviteRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    body: inviteSchema,
    async handler(ctx) {
      const { db, config } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const { token, invite } = await createInvite(db, school.id, ctx.state.user.id, ctx.input.body);
      ctx.status = 201;
      ctx.body = { ...presentInvite(invite), url: inviteUrl(config.publicUrl, token) } satisfies CreatedInviteDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const rows: InviteRow[] = await db('schoolInvites')
        .select('id', 'schoolId', 'createdAt', 'expiresAt', 'maxUses', 'uses', 'revokedAt')
        .where({ schoolId: school.id })
        .orderBy('id', 'desc')
        .limit(200);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = rows.map(presentInvite);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/schools/:id/invites/:inviteId',
    access: 'user',
    params: schoolInviteParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      await revokeInvite(db, school.id, ctx.input.params.inviteId);
      ctx.body = { message: 'Invite link withdrawn' };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites/email',
    access: 'user',
    params: schoolParams,
    body: inviteEmailSchema,
    rateLimit: { limit: 'invite', by: 'user' },
    async handler(ctx) {
      const { db, mailer, config } = ctx.deps;
      const user = ctx.state.user;
      const school = await managedSchool(db, user, ctx.input.params.id);
      const sent = await mailInvites(db, mailer, config, { school, inviter: user, emails: ctx.input.body.emails });
      mailer.kick();
      ctx.state.log.info({ schoolId: school.id, by: user.id, count: sent }, 'school invites mailed');
      ctx.body = { message: `Invitation sent to ${sent} ${sent === 1 ? 'person' : 'people'}`, sent };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/invites/:token',
    access: 'public',
    params: tokenParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const invite = await findInvite(db, ctx.input.params.token);
      if (!invite) throw unknownInvite();
      const school = await db('schools').select('name').where({ id: invite.schoolId }).first();
      if (!school) throw unknownInvite();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentInvitePreview(school.name, invite);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/invites/:token/accept',
    access: 'user',
    params: tokenParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId, outcome } = await acceptInvite(db, ctx.input.params.token, ctx.state.user.id);
      if (outcome.status === 'other-school') throw new Error('unreachable: acceptInvite refuses other schools');
      const school = await db('schools').where({ id: schoolId }).first();
      ctx.status = outcome.status === 'joined' ? 201 : 200;
      ctx.body = { school: presentSchool(school), role: outcome.role, joined: outcome.status === 'joined' } satisfies JoinResultDto;
    },
  });
}
