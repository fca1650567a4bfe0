import { schoolParams, staffCommentsPageDtoSchema, staffCommentsQuery, type StaffCommentsPageDto } from '@atrium/common';
import { presentStaffComment } from '../../presenters/comments.ts';
import { staffComments } from '../../queries/comments.ts';
import type { Routes } from '../define.ts';
import { decodeCursor, encodeCursor } from '../pageCursor.ts';
import type { OwnerRoutesOptions } from './options.ts';

/**
 * `GET <base>/comments`: what the school's staff said in the courses' discussions, newest first,
 * a page at a time (issue 58: managers see their staff's comments but do not moderate them).
 * Mounted for the school's managers (api/schools/invites.ts) and the agency's admins for any
 * school (api/admin/schoolInvitations.ts).
 */
export function schoolCommentRoutes(routes: Routes, { base, access, policy }: OwnerRoutesOptions): void {
  routes.add({
    method: 'get',
    path: `${base}/comments`,
    access,
    params: schoolParams,
    query: staffCommentsQuery,
    policy,
    cache: 'no-store',
    answer: { body: staffCommentsPageDtoSchema },
    async handler(ctx) {
      const { limit } = ctx.input.query;
      const after = decodeCursor(ctx.input.query.cursor, 'comments');
      const rows = await staffComments(ctx.deps.db, ctx.input.params.id, { after, limit });
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      ctx.body = {
        items: shown.map(presentStaffComment),
        nextCursor: rows.length > limit && last ? encodeCursor({ at: Number(last.createdAt), id: Number(last.id) }) : null,
      } satisfies StaffCommentsPageDto;
    },
  });
}
