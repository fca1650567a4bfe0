import { z } from 'zod';
import { invitedPersonDtoSchema, schoolParams, type InvitedPersonDto } from '@atrium/common';
import { presentInvitedPerson } from '../../presenters/schools.ts';
import { invitedPeople } from '../../queries/schools.ts';
import type { Routes } from '../define.ts';
import type { OwnerRoutesOptions } from './options.ts';

/**
 * `GET <base>/invited`: the people invited by e-mail to the school who have not joined yet.
 * Mounted for the school's managers (api/schools/invites.ts) and the agency's admins for any
 * school (api/admin/schoolInvitations.ts).
 */
export function schoolInvitedRoutes(routes: Routes, { base, access, policy }: OwnerRoutesOptions): void {
  routes.add({
    method: 'get',
    path: `${base}/invited`,
    access,
    params: schoolParams,
    policy,
    cache: 'no-store',
    answer: { body: z.array(invitedPersonDtoSchema) },
    async handler(ctx) {
      const rows = await invitedPeople(ctx.deps.db, ctx.input.params.id);
      const now = ctx.now();
      ctx.body = rows.map((row) => presentInvitedPerson(row, now)) satisfies InvitedPersonDto[];
    },
  });
}
