import type { Middleware } from 'koa';
import type { AppContextExtensions, AppState } from '../../context.ts';
import { ScimError } from '../../commands/directory/scimError.ts';
import type { DirectoryCaller } from '../../commands/directory/people.ts';
import { touchDirectoryToken } from '../../commands/directory/tokens.ts';
import { liveTokenByHash, ownerOfToken, schoolIdsOf, tokenMakerStillManages } from '../../queries/directory.ts';
import { hashToken } from '../../services/tokens.ts';

export interface ScimCaller extends DirectoryCaller {
  /** The schools whose people the token sees (its school, or its trust's schools). */
  schoolIds: number[];
}

// The token a request came with, for the request's lifetime (kept off the shared AppState).
const callers = new WeakMap<object, ScimCaller>();

export function scimCallerOf(ctx: object): ScimCaller {
  const caller = callers.get(ctx);
  if (!caller) throw ScimError.unauthorized();
  return caller;
}

export const scimCallerIfAny = (ctx: object): ScimCaller | undefined => callers.get(ctx);

const BEARER = /^Bearer\s+(\S{1,200})\s*$/i;

/**
 * `Authorization: Bearer <token>`: a token that exists, is not revoked and whose maker still
 * manages its school or trust, or is an admin (401 otherwise, at once: nothing caches it). The
 * lookup is by the secret's SHA-256, so timing says nothing about which tokens exist.
 */
export const scimAuth: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
  const match = BEARER.exec(ctx.get('authorization'));
  if (!match) throw ScimError.unauthorized();
  const token = await liveTokenByHash(ctx.deps.db, hashToken(match[1]!));
  if (!token) throw ScimError.unauthorized('This directory sync token is not valid: it may have been revoked. Create a new one on the Directory sync panel.');
  if (!(await tokenMakerStillManages(ctx.deps.db, token))) {
    const whose = token.schoolId !== null ? 'this school' : 'this trust';
    throw ScimError.unauthorized(
      `This directory sync token stopped working because the person who created it no longer manages ${whose}. A current manager can create a new one on the Directory sync panel.`,
    );
  }
  const owner = ownerOfToken(token);
  callers.set(ctx, {
    tokenId: Number(token.id),
    owner,
    createdBy: token.createdBy === null ? null : Number(token.createdBy),
    schoolIds: await schoolIdsOf(ctx.deps.db, owner),
  });
  await touchDirectoryToken(ctx.deps.db, token, ctx.now());
  await next();
};
