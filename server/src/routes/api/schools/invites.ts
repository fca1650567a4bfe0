import {
  type InvitedPersonDto,
  invitationApprovalSchema,
  inviteEmailSchema,
  inviteSchema,
  schoolInviteParams,
  schoolParams,
  tokenParams,
  type CreatedInviteDto,
  type JoinResultDto,
} from '@atrium/common';
import {
  acceptInvite,
  createInvite,
  findInvite,
  INVITE_COLUMNS,
  inviteUrl,
  resendInvitation,
  revokeInvite,
  unknownInvite,
  type InviteRow,
} from '../../../commands/schools/invites.ts';
import { mailInvites } from '../../../commands/schools/roster.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import { presentInvite, presentInvitedPerson, presentInvitePreview, presentSchool } from '../../../presenters/schools.ts';
import { invitedPeople } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';

const now = (ctx: AppContext) => ctx.deps.clock.now().getTime();

async function existingSchool(db: Db, schoolId: number): Promise<number> {
  if (!(await db('schools').where({ id: schoolId }).first('id'))) throw notFound('School not found');
  return schoolId;
}
const sender = (ctx: AppContext) => ({ brand: ctx.deps.config, now: now(ctx), dailyCap: ctx.deps.config.inviteMailDailyCap });

export function schoolInviteRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    body: inviteSchema,
    rateLimit: { limit: 'inviteLink', by: 'user' },
    async handler(ctx) {
      const { db, config } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const { token, invite } = await createInvite(db, school.id, ctx.state.user.id, ctx.input.body, now(ctx));
      ctx.status = 201;
      ctx.body = { ...presentInvite(invite, now(ctx)), url: inviteUrl(config.publicUrl, token) } satisfies CreatedInviteDto;
    },
  });

  /** Shared links only: invitations mailed to a person are listed with the members. */
  routes.add({
    method: 'get',
    path: '/api/schools/:id/invites',
    access: 'user',
    params: schoolParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const school = await managedSchool(db, ctx.state.user, ctx.input.params.id);
      const rows: InviteRow[] = await db('schoolInvites')
        .select(...INVITE_COLUMNS)
        .where({ schoolId: school.id })
        .whereNull('email')
        .orderBy('id', 'desc')
        .limit(200);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = rows.map((row) => presentInvite(row, now(ctx)));
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
      await revokeInvite(db, school.id, ctx.input.params.inviteId, now(ctx));
      ctx.body = { message: 'Invitation withdrawn' };
    },
  });

  /** Invited by e-mail and not joined: for the school's managers, and the same for any school for admins. */
  for (const [prefix, access] of [
    ['/api/schools/:id', 'user'],
    ['/api/admin/schools/:id', 'admin'],
  ] as const) {
    routes.add({
      method: 'get',
      path: `${prefix}/invited`,
      access,
      params: schoolParams,
      async handler(ctx) {
        const { db } = ctx.deps;
        const schoolId = access === 'admin' ? await existingSchool(db, ctx.input.params.id) : (await managedSchool(db, ctx.state.user, ctx.input.params.id)).id;
        const rows = await invitedPeople(db, schoolId);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = rows.map((row) => presentInvitedPerson(row, now(ctx))) satisfies InvitedPersonDto[];
      },
    });
  }

  routes.add({
    method: 'post',
    path: '/api/schools/:id/invites/:inviteId/resend',
    access: 'user',
    params: schoolInviteParams,
    rateLimit: { limit: 'invite', by: 'user' },
    async handler(ctx) {
      const { db, mailer } = ctx.deps;
      const user = ctx.state.user;
      const school = await managedSchool(db, user, ctx.input.params.id);
      const { email } = await resendInvitation(db, sender(ctx), { school, inviter: user, inviteId: ctx.input.params.inviteId });
      mailer.kick();
      ctx.state.log.info({ schoolId: school.id, by: user.id, inviteId: ctx.input.params.inviteId }, 'school invitation resent');
      ctx.body = { message: `Invitation sent again to ${email}` };
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
      const { db, mailer } = ctx.deps;
      const user = ctx.state.user;
      const school = await managedSchool(db, user, ctx.input.params.id);
      const result = await mailInvites(db, sender(ctx), { school, inviter: user, emails: ctx.input.body.emails });
      mailer.kick();
      ctx.state.log.info({ schoolId: school.id, by: user.id, count: result.invited }, 'school invites mailed');
      const sent = result.invited;
      const already = result.unchanged ? ` (${result.unchanged} already invited or a member)` : '';
      ctx.body = { message: `Invitation sent to ${sent} ${sent === 1 ? 'person' : 'people'}${already}`, sent };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/schools/:id/invitations-approval',
    access: 'admin',
    params: schoolParams,
    body: invitationApprovalSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const schoolId = ctx.input.params.id;
      const approvedAt = ctx.input.body.approved ? now(ctx) : null;
      const changed = await db('schools').where({ id: schoolId }).update({ invitesApprovedAt: approvedAt });
      if (!changed) throw notFound('School not found');
      ctx.state.log.info({ schoolId, approved: ctx.input.body.approved, by: ctx.state.user.id }, 'school invitation approval changed');
      ctx.body = {
        message: ctx.input.body.approved ? 'This school may now send invitations without a licence' : 'Invitations now need a licence again',
        invitesApprovedAt: approvedAt === null ? null : new Date(approvedAt).toISOString(),
      };
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
      ctx.body = presentInvitePreview(school.name, invite, now(ctx));
    },
  });

  routes.add({
    method: 'post',
    path: '/api/invites/:token/accept',
    access: 'user',
    params: tokenParams,
    rateLimit: { limit: 'inviteAccept', by: 'user' },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { schoolId, outcome } = await acceptInvite(db, ctx.input.params.token, ctx.state.user, now(ctx));
      if (outcome.status === 'other-school') throw new Error('unreachable: acceptInvite refuses other schools');
      const school = await db('schools').where({ id: schoolId }).first();
      ctx.status = outcome.status === 'joined' ? 201 : 200;
      ctx.body = { school: presentSchool(school), role: outcome.role, joined: outcome.status === 'joined' } satisfies JoinResultDto;
    },
  });
}
