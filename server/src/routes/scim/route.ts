import type { ZodType } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DirectoryOwner } from '../../queries/directory.ts';
import type { Answer, Method, RouteContext, Routes } from '../define.ts';
import { scimAuth, scimCallerOf } from './caller.ts';
import { SCIM_MEDIA_TYPE } from './errors.ts';

export const SCIM_PATH = '/scim/v2';

const ownerKey = (owner: DirectoryOwner): string => `${owner.kind}:${owner.id}`;

/** The base URL a directory is given and resources' `meta.location` start with. */
export const scimBase = (ctx: AppContext): string => `${ctx.deps.config.publicUrl}${SCIM_PATH}`;

interface ScimRouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType> {
  method: Method;
  path: string;
  body?: B;
  query?: Q;
  params?: P;
  answer: Answer;
  /** Returns the resource to answer (undefined for 204). */
  handler(ctx: RouteContext<B, Q, P, 'public'>): Promise<unknown>;
}

/**
 * A SCIM route: public as far as sessions go, its caller being the bearer token (scimAuth, run
 * before validation so a flood of malformed requests without a token is refused first), counted
 * against the rate limit of the token's owner (school or trust): every token of one owner shares
 * one budget, so making more tokens buys no more requests. Never cached, answered as
 * application/scim+json.
 */
export function scimRoute<B extends ZodType = never, Q extends ZodType = never, P extends ZodType = never>(routes: Routes, spec: ScimRouteSpec<B, Q, P>): void {
  routes.add<'public', B, Q, P>({
    method: spec.method,
    path: spec.path,
    access: 'public',
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    answer: spec.answer.body ? { ...spec.answer, contentType: SCIM_MEDIA_TYPE } : spec.answer,
    cache: 'no-store',
    before: [scimAuth],
    rateLimit: { limit: 'scimOwner', by: (ctx) => ownerKey(scimCallerOf(ctx).owner) },
    async handler(ctx) {
      const body = await spec.handler(ctx);
      if (body !== undefined) {
        ctx.body = body;
        ctx.type = SCIM_MEDIA_TYPE;
      }
    },
  });
}
