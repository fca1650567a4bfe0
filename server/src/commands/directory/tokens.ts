import { dialectOf, type Db } from '../../db/knex.ts';
import type { DirectoryToken } from '../../db/tables.ts';
import { insertAndFetch } from '../../db/insertAndFetch.ts';
import { conflict } from '../../errors.ts';
import type { DirectoryOwner } from '../../queries/directory.ts';
import { hashToken, newToken } from '../../services/tokens.ts';

/** Tokens start so, which lets secret scanners (and people) tell what a leaked one is. */
export const TOKEN_PREFIX = 'atrium_scim_';

/**
 * The most working tokens a school or trust may hold: one per directory it syncs from, with room
 * to rotate. Their rate limit is the owner's, shared, so more tokens would buy nothing anyway.
 */
export const MAX_LIVE_TOKENS = 5;

export const TOO_MANY_TOKENS = `A directory can have at most ${MAX_LIVE_TOKENS} sync tokens at once: revoke one you no longer use first`;

/**
 * A new token for the school's or trust's directory: its secret is answered once, only the hash
 * is kept. Past MAX_LIVE_TOKENS working ones it is refused (409), counted under the owner's row
 * lock so tokens made at once cannot pass the cap together.
 */
export async function createDirectoryToken(
  db: Db,
  owner: DirectoryOwner,
  label: string,
  by: number,
  now: number,
): Promise<{ row: DirectoryToken; secret: string }> {
  const ownerWhere = owner.kind === 'school' ? { schoolId: owner.id } : { trustId: owner.id };
  return db.transaction(async (trx) => {
    if (dialectOf(db) === 'mysql')
      await trx(owner.kind === 'school' ? 'schools' : 'trusts')
        .where({ id: owner.id })
        .forUpdate()
        .first('id');
    const live = await trx('directoryTokens').where(ownerWhere).whereNull('revokedAt').count({ n: '*' }).first();
    if (Number(live?.n ?? 0) >= MAX_LIVE_TOKENS) throw conflict(TOO_MANY_TOKENS);
    const secret = `${TOKEN_PREFIX}${newToken()}`;
    const row = await insertAndFetch(trx, 'directoryTokens', {
      schoolId: owner.kind === 'school' ? owner.id : null,
      trustId: owner.kind === 'trust' ? owner.id : null,
      label,
      tokenHash: hashToken(secret),
      createdBy: by,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { row, secret };
  });
}

/**
 * Revokes one of the owner's tokens: from the next request on it is refused (401). Revoking again,
 * or an id that is not the owner's, changes nothing and is not an error (nor says whose it is).
 */
export async function revokeDirectoryToken(db: Db, owner: DirectoryOwner, tokenId: number, now: number): Promise<void> {
  const where = owner.kind === 'school' ? { id: tokenId, schoolId: owner.id } : { id: tokenId, trustId: owner.id };
  await db('directoryTokens').where(where).whereNull('revokedAt').update({ revokedAt: now });
}

/** Notes when a token was last used, at most once a minute (a sync sends thousands of requests). */
export async function touchDirectoryToken(db: Db, token: Pick<DirectoryToken, 'id' | 'lastUsedAt'>, now: number): Promise<void> {
  if (token.lastUsedAt !== null && now - Number(token.lastUsedAt) < 60_000) return;
  await db('directoryTokens').where({ id: token.id }).update({ lastUsedAt: now });
}
