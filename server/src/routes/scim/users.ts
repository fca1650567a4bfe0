import type { ScimResource } from 'scim-patch';
import { createPerson, findOrAdoptByEmail, removePerson, updatePerson, type PersonChanges } from '../../commands/directory/people.ts';
import { ScimError } from '../../commands/directory/scimError.ts';
import type { AppContext } from '../../context.ts';
import type { DirectoryPerson } from '../../db/tables.ts';
import { presentList, presentScimUser } from '../../presenters/scim.ts';
import { peopleInScope, personInScope } from '../../queries/directory.ts';
import type { Routes } from '../define.ts';
import { scimCallerOf } from './caller.ts';
import { applyPatch, equalityFilter, normaliseOperations, paging } from './protocol.ts';
import {
  scimIdParams,
  scimListQuery,
  scimPatchBody,
  scimUserAnswer,
  scimUserBody,
  scimUserFields,
  scimUserListAnswer,
  type ScimUserFields,
} from './schemas.ts';
import { scimRoute, scimBase, SCIM_PATH } from './route.ts';

const sender = (ctx: AppContext) => ({ brand: ctx.deps.config, now: ctx.now(), dailyCap: ctx.deps.config.inviteMailDailyCap });

/** A SCIM id the token may see: its number, or 404 (another school's id, a made-up one, a word). */
async function personOf(ctx: AppContext, raw: string): Promise<DirectoryPerson> {
  const caller = scimCallerOf(ctx);
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const person = id === null ? undefined : await personInScope(ctx.deps.db, caller.schoolIds, id);
  if (!person) throw ScimError.notFound();
  return person;
}

/** The address is who the User is: a directory that wants another address removes and adds. */
function sameUserName(person: DirectoryPerson, fields: ScimUserFields): void {
  if (fields.userName !== undefined && fields.userName !== person.email) {
    throw ScimError.mutability('userName (the e-mail address) cannot change: delete the User and create it again with the new address.').about(
      person.schoolId,
      person.email,
    );
  }
}

/** What a PUT or PATCH changes, of what Atrium keeps. */
function changesFrom(person: DirectoryPerson, fields: ScimUserFields): PersonChanges {
  const changes: PersonChanges = {};
  if (fields.externalId !== undefined && fields.externalId !== person.externalId) changes.externalId = fields.externalId;
  if (fields.givenName !== undefined && fields.givenName !== person.givenName) changes.givenName = fields.givenName;
  if (fields.familyName !== undefined && fields.familyName !== person.familyName) changes.familyName = fields.familyName;
  if (fields.active !== undefined && fields.active !== Boolean(person.active)) changes.active = fields.active;
  return changes;
}

/** SCIM Users (RFC 7644 section 3): a person's place in the token's school, or its trust's schools. */
export function scimUserRoutes(routes: Routes): void {
  scimRoute(routes, {
    method: 'post',
    path: `${SCIM_PATH}/Users`,
    body: scimUserBody,
    answer: { status: 201, body: scimUserAnswer },
    async handler(ctx) {
      const fields = scimUserFields(ctx.input.body);
      if (fields.userName === undefined) throw ScimError.invalidValue('"userName" (the person’s e-mail address) is required.');
      const person = await createPerson(ctx.deps.db, sender(ctx), scimCallerOf(ctx), {
        email: fields.userName,
        externalId: fields.externalId ?? null,
        givenName: fields.givenName ?? null,
        familyName: fields.familyName ?? null,
        active: fields.active ?? true,
        organization: fields.organization ?? null,
      });
      const user = presentScimUser(person, scimBase(ctx));
      ctx.status = 201;
      ctx.set('Location', user.meta.location);
      return user;
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/Users`,
    query: scimListQuery,
    answer: { body: scimUserListAnswer },
    async handler(ctx) {
      const caller = scimCallerOf(ctx);
      const filter = equalityFilter(ctx.input.query.filter, ['userName', 'externalId'] as const);
      const { startIndex, count } = paging(ctx.input.query);
      const base = scimBase(ctx);
      if (filter?.attribute === 'userName') {
        const checked = filter.value.trim().toLowerCase();
        const person = await findOrAdoptByEmail(ctx.deps.db, caller.schoolIds, checked, ctx.now());
        const found = person ? [presentScimUser(person, base)] : [];
        return presentList(startIndex === 1 && count > 0 ? found : [], found.length, startIndex);
      }
      const page = await peopleInScope(ctx.deps.db, caller.schoolIds, filter ? { externalId: filter.value } : null, startIndex, count);
      return presentList(
        page.rows.map((row) => presentScimUser(row, base)),
        page.total,
        startIndex,
      );
    },
  });

  scimRoute(routes, {
    method: 'get',
    path: `${SCIM_PATH}/Users/:id`,
    params: scimIdParams,
    answer: { body: scimUserAnswer },
    async handler(ctx) {
      return presentScimUser(await personOf(ctx, ctx.input.params.id), scimBase(ctx));
    },
  });

  scimRoute(routes, {
    method: 'put',
    path: `${SCIM_PATH}/Users/:id`,
    params: scimIdParams,
    body: scimUserBody,
    answer: { body: scimUserAnswer },
    async handler(ctx) {
      const person = await personOf(ctx, ctx.input.params.id);
      const fields = scimUserFields(ctx.input.body);
      sameUserName(person, fields);
      // PUT replaces the resource: what it leaves out is cleared (and a User is active unless it says not).
      const replaced = {
        externalId: fields.externalId ?? null,
        givenName: fields.givenName ?? null,
        familyName: fields.familyName ?? null,
        active: fields.active ?? true,
      };
      const updated = await updatePerson(ctx.deps.db, sender(ctx), scimCallerOf(ctx), person.id, changesFrom(person, replaced));
      return presentScimUser(updated, scimBase(ctx));
    },
  });

  scimRoute(routes, {
    method: 'patch',
    path: `${SCIM_PATH}/Users/:id`,
    params: scimIdParams,
    body: scimPatchBody,
    answer: { body: scimUserAnswer },
    async handler(ctx) {
      const person = await personOf(ctx, ctx.input.params.id);
      const base = scimBase(ctx);
      const patched = applyPatch(presentScimUser(person, base) as unknown as ScimResource, normaliseOperations(ctx.input.body));
      const fields = scimUserFields(patched as unknown as Record<string, unknown>);
      sameUserName(person, fields);
      const changes = changesFrom(person, fields);
      const updated = Object.keys(changes).length ? await updatePerson(ctx.deps.db, sender(ctx), scimCallerOf(ctx), person.id, changes) : person;
      return presentScimUser(updated, base);
    },
  });

  scimRoute(routes, {
    method: 'delete',
    path: `${SCIM_PATH}/Users/:id`,
    params: scimIdParams,
    answer: { status: 204 },
    async handler(ctx) {
      const person = await personOf(ctx, ctx.input.params.id);
      await removePerson(ctx.deps.db, scimCallerOf(ctx), person.id, ctx.now());
      ctx.status = 204;
      return undefined;
    },
  });
}
