import { rosterUploadSchema, schoolParams, type RosterPreviewDto, type RosterResultDto } from '@atrium/common';
import { confirmRoster, previewRoster } from '../../../commands/schools/roster.ts';
import { notFound } from '../../../errors.ts';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../models/User.ts';
import type { SchoolRow } from '../../../presenters/schools.ts';
import type { Routes } from '../../define.ts';
import { managedSchool } from './access.ts';

type SchoolFor = (ctx: AppContext, user: User, schoolId: number) => Promise<SchoolRow>;

const asManager: SchoolFor = (ctx, user, schoolId) => managedSchool(ctx.deps.db, user, schoolId);
const asAdmin: SchoolFor = async (ctx, _user, schoolId) => {
  const school = await ctx.deps.db('schools').where({ id: schoolId }).first();
  if (!school) throw notFound('School not found');
  return school;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * "Add staff": a CSV file or a pasted list, previewed (nothing written) then confirmed. The
 * school's managers use /api/schools/:id/roster…, the agency's admins the same for any school
 * under /api/admin/schools/:id/roster….
 */
export function schoolRosterRoutes(routes: Routes): void {
  for (const [prefix, access, schoolFor] of [
    ['/api/schools/:id', 'user', asManager],
    ['/api/admin/schools/:id', 'admin', asAdmin],
  ] as const) {
    routes.add({
      method: 'post',
      path: `${prefix}/roster/preview`,
      access,
      params: schoolParams,
      body: rosterUploadSchema,
      rateLimit: { limit: 'roster', by: 'user' },
      async handler(ctx) {
        const { db, clock } = ctx.deps;
        const school = await schoolFor(ctx, ctx.state.user, ctx.input.params.id);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = (await previewRoster(db, school.id, ctx.input.body.csv, clock.now().getTime())) satisfies RosterPreviewDto;
      },
    });

    routes.add({
      method: 'post',
      path: `${prefix}/roster`,
      access,
      params: schoolParams,
      body: rosterUploadSchema,
      rateLimit: { limit: 'roster', by: 'user' },
      async handler(ctx) {
        const { db, clock, config, mailer } = ctx.deps;
        const user = ctx.state.user;
        const school = await schoolFor(ctx, user, ctx.input.params.id);
        const result = await confirmRoster(
          db,
          { brand: config, now: clock.now().getTime(), dailyCap: config.inviteMailDailyCap },
          { school, inviter: user, text: ctx.input.body.csv },
        );
        mailer.kick();
        ctx.state.log.info({ schoolId: school.id, by: user.id, ...result }, 'staff roster applied');
        const parts = [plural(result.invited, 'invitation sent', 'invitations sent')];
        if (result.unchanged) parts.push(`${plural(result.unchanged, 'person was', 'people were')} already there`);
        if (result.skipped) parts.push(`${plural(result.skipped, 'row', 'rows')} skipped`);
        ctx.body = { ...result, message: `${parts.join(', ')}.` } satisfies RosterResultDto;
      },
    });
  }
}
