import type { Db } from '../../db/knex.ts';
import type { DirectoryToken } from '../../db/tables.ts';
import { insertAndFetch } from '../../db/insertAndFetch.ts';
import type { DirectoryOwner } from '../../queries/directory.ts';
import { hashToken, newToken } from '../../services/tokens.ts';

/** Tokens start so, which lets secret scanners (and people) tell what a leaked one is. */
export const TOKEN_PREFIX = 'atrium_scim_';

/** A new token for the school's or trust's directory: its secret is answered once, only the hash is kept. */
export async function createDirectoryToken(
  db: Db,
  owner: DirectoryOwner,
  label: string,
  by: number,
  now: number,
): Promise<{ row: DirectoryToken; secret: string }> {
  const secret = `${TOKEN_PREFIX}${newToken()}`;
  const row = await insertAndFetch(db, 'directoryTokens', {
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
