import {
  inviteEmailSchema,
  inviteSchema,
  schoolInviteParams,
  schoolParams,
  tokenParams,
  type CreatedInviteDto,
  type JoinResultDto,
} from '@atrium/common';
import { acceptInvite, createInvite, findInvite, revokeInvite, unknownInvite, type InviteRow } from '../../../commands/schools/invites.ts';
import { displayName } from '../../../presenters/users.ts';
import { presentInvite, presentInvitePreview, presentSchool } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';

const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/join?token=${token}`;
const EMAILED_INVITE_DAYS = 30;

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
      const emails = [...new Set(ctx.input.body.emails)];
      // One link for this batch, valid for as many people as were named and for 30 days.
      await db.transaction(async (trx) => {
        const { token } = await createInvite(trx, school.id, user.id, { expiresInDays: EMAILED_INVITE_DAYS, maxUses: emails.length });
        for (const to of emails) {
          await mailer.enqueue(trx, {
            to,
            subject: `${displayName(user)} invited you to ${school.name} on ${config.brandName}`,
            text: [
              'Hello,',
              '',
              `${displayName(user)} has invited you to join ${school.name} on ${config.brandName}, where your school's training courses are waiting for you.`,
              '',
              `Open this link within ${EMAILED_INVITE_DAYS} days to create your account (or sign in) and join:`,
              '',
              inviteUrl(config.publicUrl, token),
              '',
              'If you were not expecting this, you can ignore this e-mail.',
            ].join('\n'),
          });
        }
      });
      mailer.kick();
      ctx.state.log.info({ schoolId: school.id, by: user.id, count: emails.length }, 'school invites mailed');
      ctx.body = { message: `Invitation sent to ${emails.length} ${emails.length === 1 ? 'person' : 'people'}`, sent: emails.length };
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
