import {
  createdDirectoryTokenDtoSchema,
  directoryLogDtoSchema,
  directoryKeySchema,
  directorySchoolDtoSchema,
  directorySchoolParams,
  directorySchoolsDtoSchema,
  directoryTokenParams,
  directoryTokenSchema,
  directoryTokensDtoSchema,
  schoolParams,
  trustParams,
} from '@atrium/common';
import { setSchoolDirectoryKey } from '../../commands/directory/schoolKeys.ts';
import { createDirectoryToken, revokeDirectoryToken } from '../../commands/directory/tokens.ts';
import { adminOfSchool, schoolManager } from '../../policies/schools.ts';
import { adminOfTrust, trustManager } from '../../policies/trusts.ts';
import { presentCreatedDirectoryToken, presentDirectoryEvent, presentDirectoryToken } from '../../presenters/scim.ts';
import { directorySchoolsOf, eventsOf, tokensOf, type DirectoryOwner } from '../../queries/directory.ts';
import type { Routes } from '../define.ts';
import { SCIM_PATH } from './route.ts';

const LOG_LINES = 200;

interface Mount {
  kind: DirectoryOwner['kind'];
  /** The owner's path, ending in its `:id`. */
  base: string;
  access: 'user' | 'admin';
  policy: typeof schoolManager;
}

/**
 * Directory sync tokens and the sync log of a school or a trust: for the owner's managers
 * (`/api/schools/:id`, `/api/trusts/:id`) and for the agency's admins, who see and revoke every
 * school's and trust's tokens (`/api/admin/schools/:id`, `/api/admin/trusts/:id`).
 */
function directoryTokenRoutes(routes: Routes, { kind, base, access, policy }: Mount): void {
  const params = kind === 'school' ? schoolParams : trustParams;
  const owner = (id: number): DirectoryOwner => ({ kind, id });

  routes.add({
    method: 'get',
    path: `${base}/scim-tokens`,
    access,
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
    access,
    params,
    body: directoryTokenSchema,
    rateLimit: { limit: 'directoryToken', by: 'user' },
    policy,
    cache: 'no-store',
    answer: { status: 201, body: createdDirectoryTokenDtoSchema },
    async handler(ctx) {
      const { row, secret } = await createDirectoryToken(ctx.deps.db, owner(ctx.input.params.id), ctx.input.body.label, ctx.state.user!.id, ctx.now());
      ctx.state.log.info({ owner: owner(ctx.input.params.id), tokenId: row.id, by: ctx.state.user!.id }, 'directory token created');
      ctx.status = 201;
      ctx.body = presentCreatedDirectoryToken(row, secret, `${ctx.deps.config.publicUrl}${SCIM_PATH}`);
    },
  });

  routes.add({
    method: 'delete',
    path: `${base}/scim-tokens/:tokenId`,
    access,
    params: directoryTokenParams,
    policy,
    answer: { status: 204 },
    async handler(ctx) {
      await revokeDirectoryToken(ctx.deps.db, owner(ctx.input.params.id), ctx.input.params.tokenId, ctx.now());
      ctx.state.log.info({ owner: owner(ctx.input.params.id), tokenId: ctx.input.params.tokenId, by: ctx.state.user!.id }, 'directory token revoked');
      ctx.status = 204;
    },
  });

  routes.add({
    method: 'get',
    path: `${base}/directory-log`,
    access,
    params,
    policy,
    cache: 'no-store',
    answer: { body: directoryLogDtoSchema },
    async handler(ctx) {
      ctx.body = (await eventsOf(ctx.deps.db, owner(ctx.input.params.id), LOG_LINES)).map(presentDirectoryEvent);
    },
  });
}

/**
 * The key a trust's directory names each of its schools by (SCIM's enterprise `organization`,
 * OneRoster's org `sourcedId`), for the trust's managers and the agency's admins.
 */
function directoryKeyRoutes(routes: Routes, { base, access, policy }: Omit<Mount, 'kind'>): void {
  routes.add({
    method: 'get',
    path: `${base}/directory-schools`,
    access,
    params: trustParams,
    policy,
    cache: 'no-store',
    answer: { body: directorySchoolsDtoSchema },
    async handler(ctx) {
      ctx.body = await directorySchoolsOf(ctx.deps.db, ctx.input.params.id);
    },
  });

  routes.add({
    method: 'put',
    path: `${base}/directory-schools/:schoolId`,
    access,
    params: directorySchoolParams,
    body: directoryKeySchema,
    policy,
    cache: 'no-store',
    answer: { body: directorySchoolDtoSchema },
    async handler(ctx) {
      const { id, schoolId } = ctx.input.params;
      const school = await setSchoolDirectoryKey(ctx.deps.db, id, schoolId, ctx.input.body.key);
      ctx.state.log.info({ trustId: id, schoolId, key: school.key, by: ctx.state.user!.id }, 'school directory key set');
      ctx.body = school;
    },
  });
}

export function directorySyncTokenRoutes(routes: Routes): void {
  directoryTokenRoutes(routes, { kind: 'school', base: '/api/schools/:id', access: 'user', policy: schoolManager });
  directoryTokenRoutes(routes, { kind: 'trust', base: '/api/trusts/:id', access: 'user', policy: trustManager });
  directoryTokenRoutes(routes, { kind: 'school', base: '/api/admin/schools/:id', access: 'admin', policy: adminOfSchool });
  directoryTokenRoutes(routes, { kind: 'trust', base: '/api/admin/trusts/:id', access: 'admin', policy: adminOfTrust });
  directoryKeyRoutes(routes, { base: '/api/trusts/:id', access: 'user', policy: trustManager });
  directoryKeyRoutes(routes, { base: '/api/admin/trusts/:id', access: 'admin', policy: adminOfTrust });
}
