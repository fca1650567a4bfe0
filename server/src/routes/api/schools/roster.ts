import { rosterUploadSchema, schoolParams, type RosterPreviewDto, type RosterResultDto } from '@atrium/common';
import { confirmRoster, previewRoster } from '../../../commands/schools/roster.ts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import { invitationMailer } from '../../../policies/invitations.ts';
import { schoolManager } from '../../../policies/schools.ts';
import { foundSchool } from '../../../queries/schools.ts';
import type { Routes } from '../../define.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What the roster would do, nothing written (the manager's route and the admin's share it). */
export async function answerRosterPreview(ctx: AppContext, schoolId: number, csv: string): Promise<void> {
  ctx.body = (await previewRoster(ctx.deps.db, schoolId, csv, ctx.deps.clock.now().getTime())) satisfies RosterPreviewDto;
}

/** Applies the roster: invitations mailed in the school's name (the manager's route and the admin's share it). */
export async function answerRosterConfirm(ctx: AppContext, user: User, schoolId: number, csv: string, createGroups: boolean): Promise<void> {
  const { db, clock, config } = ctx.deps;
  const school = await foundSchool(db, schoolId);
  const result = await confirmRoster(
    db,
    { brand: config, now: clock.now().getTime(), dailyCap: config.inviteMailDailyCap },
    { school, inviter: user, text: csv, createGroups },
  );
  ctx.state.log.info({ schoolId: school.id, by: user.id, ...result }, 'staff roster applied');
  const parts = [plural(result.invited, 'invitation sent', 'invitations sent')];
  if (result.unchanged) parts.push(`${plural(result.unchanged, 'person was', 'people were')} already there`);
  if (result.skipped) parts.push(`${plural(result.skipped, 'row', 'rows')} skipped`);
  if (result.groupsCreated) parts.push(`${plural(result.groupsCreated, 'group', 'groups')} created`);
  ctx.body = { ...result, message: `${parts.join(', ')}.` } satisfies RosterResultDto;
}

/**
 * "Add staff": a CSV file or a pasted list, previewed (nothing written) then confirmed, by the
 * school's managers; the agency's admins do the same for any school (admin/schoolRoster.ts).
 */
export function schoolRosterRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/schools/:id/roster/preview',
    access: 'user',
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy: schoolManager,
    cache: 'no-store',
    async handler(ctx) {
      await answerRosterPreview(ctx, ctx.input.params.id, ctx.input.body.csv);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/schools/:id/roster',
    access: 'user',
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy: invitationMailer,
    async handler(ctx) {
      await answerRosterConfirm(ctx, ctx.state.user, ctx.input.params.id, ctx.input.body.csv, ctx.input.body.createGroups);
    },
  });
}
