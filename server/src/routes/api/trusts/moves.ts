import { memberMoveDtoSchema, memberMoveSchema, trustMemberParams } from '@atrium/common';
import { moveMember } from '../../../commands/trustMoves.ts';
import { trustManager } from '../../../policies/trusts.ts';
import { presentMemberMove } from '../../../presenters/trusts.ts';
import type { Routes } from '../../define.ts';

/** A trust's managers move a member of one of its schools to another (issue 39 item 5). */
export function trustMoveRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/trusts/:id/members/:userId/move',
    access: 'user',
    params: trustMemberParams,
    body: memberMoveSchema,
    policy: trustManager,
    cache: 'no-store',
    answer: { body: memberMoveDtoSchema },
    async handler(ctx) {
      const { id, userId } = ctx.input.params;
      const move = await moveMember(ctx.deps.db, id, userId, ctx.input.body.schoolId, ctx.now());
      ctx.state.log.info({ trustId: id, ...move, by: ctx.state.user.id }, 'member moved between schools of a trust');
      ctx.body = presentMemberMove(move);
    },
  });
}
