import {
  createdDirectoryTokenDtoSchema,
  directoryLogDtoSchema,
  directoryTokenParams,
  directoryTokenSchema,
  directoryTokensDtoSchema,
  schoolParams,
  trustParams,
  type CreatedDirectoryTokenDto,
} from '@atrium/common';
import { createDirectoryToken, revokeDirectoryToken } from '../../commands/directory/tokens.ts';
import { schoolDirectoryKeeper, trustDirectoryKeeper } from '../../policies/directory.ts';
import { presentDirectoryEvent, presentDirectoryToken } from '../../presenters/scim.ts';
import { eventsOf, tokensOf, type DirectoryOwner } from '../../queries/directory.ts';
import type { Routes } from '../define.ts';
import { SCIM_PATH } from './route.ts';

const LOG_LINES = 200;

/**
 * Directory sync tokens and the sync log of a school (`/api/schools/:id`) or a trust
 * (`/api/trusts/:id`): for the owner's managers and the agency's admins.
 */
function directoryTokenRoutes(routes: Routes, kind: DirectoryOwner['kind']): void {
  const base = kind === 'school' ? '/api/schools/:id' : '/api/trusts/:id';
  const params = kind === 'school' ? schoolParams : trustParams;
  const policy = kind === 'school' ? schoolDirectoryKeeper : trustDirectoryKeeper;
  const owner = (id: number): DirectoryOwner => ({ kind, id });

  routes.add({
    method: 'get',
    path: `${base}/scim-tokens`,
    access: 'user',
    params,
    policy,
    cache: 'no-store',
    answer: { body: directoryTokensDtoSchema },
    async handler(ctx) {
      ctx.body = (await tokensOf(ctx.deps.db, owner(ctx.input.params.id))).map(presentDirectoryToken);
    },
  });

  routes.add({
    method: 'post',
    path: `${base}/scim-tokens`,
    access: 'user',
    params,
    body: directoryTokenSchema,
    policy,
    cache: 'no-store',
    answer: { status: 201, body: createdDirectoryTokenDtoSchema },
    async handler(ctx) {
      const { row, secret } = await createDirectoryToken(ctx.deps.db, owner(ctx.input.params.id), ctx.input.body.label, ctx.state.user.id, ctx.now());
      ctx.state.log.info({ owner: owner(ctx.input.params.id), tokenId: row.id, by: ctx.state.user.id }, 'directory token created');
      ctx.status = 201;
      ctx.body = { ...presentDirectoryToken(row), token: secret, scimUrl: `${ctx.deps.config.publicUrl}${SCIM_PATH}` } satisfies Omit<
        CreatedDirectoryTokenDto & { lastUsedAt: string | null },
        never
      >;
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/scim-tokens/:tokenId`,
    access: 'user',
    params: directoryTokenParams,
    policy,
    answer: { status: 204 },
    async handler(ctx) {
      await revokeDirectoryToken(ctx.deps.db, owner(ctx.input.params.id), ctx.input.params.tokenId, ctx.now());
      ctx.state.log.info({ owner: owner(ctx.input.params.id), tokenId: ctx.input.params.tokenId, by: ctx.state.user.id }, 'directory token revoked');
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'get',
    path: `${base}/directory-log`,
    access: 'user',
    params,
    policy,
    cache: 'no-store',
    answer: { body: directoryLogDtoSchema },
    async handler(ctx) {
      ctx.body = (await eventsOf(ctx.deps.db, owner(ctx.input.params.id), LOG_LINES)).map(presentDirectoryEvent);
    },
  });
}

export function directorySyncTokenRoutes(routes: Routes): void {
  directoryTokenRoutes(routes, 'school');
  directoryTokenRoutes(routes, 'trust');
}
