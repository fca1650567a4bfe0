import { rosterPreviewDtoSchema, rosterResultDtoSchema, rosterUploadSchema, schoolParams, type RosterPreviewDto, type RosterResultDto } from '@atrium/common';
import {
  classifyRoster,
  confirmRoster,
  countRoster,
  namedGroups,
  parseRoster,
  requireFewGroups,
  rosterAddresses,
  rosterGroups,
} from '../../commands/schools/roster.ts';
import type { AppContext } from '../../context.ts';
import type { User } from '../../models/User.ts';
import { schoolGroupNamesByKey } from '../../queries/groups.ts';
import { invitedAmong, membersAmong } from '../../queries/rosterStanding.ts';
import { foundSchool } from '../../queries/schools.ts';
import type { Routes } from '../define.ts';
import type { OwnerRoutesOptions, OwnerPolicy } from './options.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What the roster would do, nothing written: the rules of the import (commands/schools/roster.ts) over the school as it is now. */
async function answerRosterPreview(ctx: AppContext, schoolId: number, csv: string): Promise<void> {
  const { db } = ctx.deps;
  const lines = parseRoster(csv);
  const emails = rosterAddresses(lines);
  const rows = classifyRoster(lines, { members: await membersAmong(db, schoolId, emails), invited: await invitedAmong(db, schoolId, emails, ctx.now()) });
  const named = namedGroups(rows);
  requireFewGroups(named);
  const groups = rosterGroups(named, await schoolGroupNamesByKey(db, schoolId, [...named.keys()]));
  ctx.body = { rows, counts: countRoster(rows), groups } satisfies RosterPreviewDto;
}

/** Applies the roster: invitations mailed in the school's name. */
async function answerRosterConfirm(ctx: AppContext, user: User, schoolId: number, csv: string, createGroups: boolean): Promise<void> {
  const { db, config } = ctx.deps;
  const school = await foundSchool(db, schoolId);
  const result = await confirmRoster(
    db,
    { brand: config, now: ctx.now(), dailyCap: config.inviteMailDailyCap },
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
 * "Add staff" under `base`: a CSV file or a pasted list, previewed (nothing written) then
 * confirmed. Mounted for the school's managers (api/schools/roster.ts; confirming mails
 * invitations, so it takes the invitation policy) and the agency's admins for any school
 * (api/admin/schoolRoster.ts).
 */
export function schoolRosterRoutes(routes: Routes, { base, access, policy, confirm }: OwnerRoutesOptions & { confirm: OwnerPolicy }): void {
  routes.add({
    method: 'post',
    path: `${base}/roster/preview`,
    access,
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy,
    cache: 'no-store',
    answer: { body: rosterPreviewDtoSchema },
    async handler(ctx) {
      await answerRosterPreview(ctx, ctx.input.params.id, ctx.input.body.csv);
    },
  });

  routes.add({
    method: 'post',
    path: `${base}/roster`,
    access,
    params: schoolParams,
    body: rosterUploadSchema,
    rateLimit: { limit: 'roster', by: 'user' },
    policy: confirm,
    answer: { body: rosterResultDtoSchema },
    async handler(ctx) {
      await answerRosterConfirm(ctx, ctx.state.user, ctx.input.params.id, ctx.input.body.csv, ctx.input.body.createGroups);
    },
  });
}
