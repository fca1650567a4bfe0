import type { ScimResource } from 'scim-patch';
import { createScimGroup, deleteScimGroup, updateScimGroup } from '../../commands/directory/groups.ts';
import { scimGroupMembers, scimGroupOf, scimGroups, type ScimGroupRow } from '../../queries/scimGroups.ts';
import { ScimError } from '../../commands/directory/scimError.ts';
import type { AppContext } from '../../context.ts';
import { presentList, presentScimGroup, type ScimGroup } from '../../presenters/scim.ts';
import type { Routes } from '../define.ts';
import { scimCallerOf } from './caller.ts';
import { applyPatch, equalityFilter, normaliseOperations, paging } from './protocol.ts';
import { scimGroupAnswer, scimGroupBody, scimGroupListAnswer, scimIdParams, scimListQuery, scimPatchBody } from './schemas.ts';
import { scimBase, scimRoute, SCIM_PATH } from './route.ts';

async function groupOf(ctx: AppContext, raw: string): Promise<ScimGroupRow> {
  const group = await scimGroupOf(ctx.deps.db, scimCallerOf(ctx), raw);
  if (!group) throw ScimError.notFound();
  return group;
}

async function present(ctx: AppContext, group: ScimGroupRow, withMembers = true): Promise<ScimGroup> {
  const members = withMembers ? await scimGroupMembers(ctx.deps.db, scimCallerOf(ctx), group.id) : [];
  return presentScimGroup({ id: Number(group.id), name: group.name, createdAt: Number(group.createdAt), externalId: group.externalId }, members, scimBase(ctx));
}

/** `members` of a body: `[{value: "<User id>"}]`. */
function memberIds(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 10_000) throw ScimError.invalidValue('"members" must be a list of {"value": "<User id>"}.');
  return raw.map((member) => {
    const value = (member as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' && typeof value !== 'number') throw ScimError.invalidValue('Each member needs a "value": the User’s id.');
    return String(value);
  });
}

const externalIdOf = (raw: unknown): string | null | undefined => {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string' || raw.length > 255) throw ScimError.invalidValue('"externalId" must be a string of at most 255 characters.');
  return raw;
};

const excludesMembers = (query: Record<string, unknown>) =>
  typeof query.excludedAttributes === 'string' && /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes);

/** SCIM Groups: the token's school's (or trust's) staff groups. */
export function scimGroupRoutes(routes: Routes): void {
  scimRoute(routes, {
    method: 'post',
    path: `${SCIM_PATH}/Groups`,
    body: scimGroupBody,
    answer: { status: 201, body: scimGroupAnswer },
    async handler(ctx) {
      const caller = scimCallerOf(ctx);
      const body = ctx.input.body;
      const groupId = await createScimGroup(
        ctx.deps.db,
        caller,
        { displayName: body.displayName, externalId: externalIdOf(body.externalId) ?? null, members: memberIds(body.members) },
        ctx.now(),
      );
      const group = await present(ctx, await groupOf(ctx, String(groupId)));
      ctx.status = 201;
      ctx.set('Location', group.meta.location);
      return group;
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/Groups`,
    query: scimListQuery,
    answer: { body: scimGroupListAnswer },
    async handler(ctx) {
      const filter = equalityFilter(ctx.input.query.filter, ['displayName', 'externalId'] as const);
      const { startIndex, count } = paging(ctx.input.query);
      const rows = await scimGroups(ctx.deps.db, scimCallerOf(ctx), filter);
      const page = rows.slice(startIndex - 1, startIndex - 1 + count);
      const withMembers = !excludesMembers(ctx.input.query);
      return presentList(await Promise.all(page.map((group) => present(ctx, group, withMembers))), rows.length, startIndex);
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/Groups/:id`,
    params: scimIdParams,
    query: scimListQuery,
    answer: { body: scimGroupAnswer },
    async handler(ctx) {
      return present(ctx, await groupOf(ctx, ctx.input.params.id), !excludesMembers(ctx.input.query));
    },
  });

  scimRoute(routes, {
    method: 'put',
    path: `${SCIM_PATH}/Groups/:id`,
    params: scimIdParams,
    body: scimGroupBody,
    answer: { body: scimGroupAnswer },
    async handler(ctx) {
      const caller = scimCallerOf(ctx);
      const group = await groupOf(ctx, ctx.input.params.id);
      const current = new Set((await scimGroupMembers(ctx.deps.db, caller, group.id)).map((member) => String(member.id)));
      const wanted = new Set(memberIds(ctx.input.body.members));
      await updateScimGroup(
        ctx.deps.db,
        caller,
        group,
        {
          displayName: ctx.input.body.displayName ?? group.name,
          externalId: externalIdOf(ctx.input.body.externalId) ?? null,
          add: [...wanted].filter((id) => !current.has(id)),
          remove: [...current].filter((id) => !wanted.has(id)),
        },
        ctx.now(),
      );
      return present(ctx, await groupOf(ctx, ctx.input.params.id));
    },
  });

  scimRoute(routes, {
    method: 'patch',
    path: `${SCIM_PATH}/Groups/:id`,
    params: scimIdParams,
    body: scimPatchBody,
    answer: { body: scimGroupAnswer },
    async handler(ctx) {
      const caller = scimCallerOf(ctx);
      const group = await groupOf(ctx, ctx.input.params.id);
      const before = await present(ctx, group);
      const patched = applyPatch(before as unknown as ScimResource, normaliseOperations(ctx.input.body)) as unknown as Record<string, unknown>;
      const had = new Set(before.members.map((member) => member.value));
      const has = new Set(memberIds(patched.members));
      await updateScimGroup(
        ctx.deps.db,
        caller,
        group,
        {
          ...(patched.displayName !== before.displayName ? { displayName: patched.displayName } : {}),
          ...(patched.externalId !== before.externalId ? { externalId: externalIdOf(patched.externalId) ?? null } : {}),
          add: [...has].filter((id) => !had.has(id)),
          remove: [...had].filter((id) => !has.has(id)),
        },
        ctx.now(),
      );
      return present(ctx, await groupOf(ctx, ctx.input.params.id));
    },
  });

  scimRoute(routes, {
    method: 'delete',
    path: `${SCIM_PATH}/Groups/:id`,
    params: scimIdParams,
    answer: { status: 204 },
    async handler(ctx) {
      await deleteScimGroup(ctx.deps.db, scimCallerOf(ctx), await groupOf(ctx, ctx.input.params.id));
      ctx.status = 204;
      return undefined;
    },
  });
}
