import { emailDomain } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { IdentityProvider } from '../db/tables.ts';
import type { User } from '../models/User.ts';
import { ssoProviderKey } from '../services/signIn/claims.ts';
import { findUserByEmail } from './users.ts';

/** Whose provider: a school's or a trust's. */
export type ProviderOwner = { schoolId: number } | { trustId: number };

export const ownerWhere = (owner: ProviderOwner) => ('schoolId' in owner ? { schoolId: owner.schoolId } : { trustId: owner.trustId });

export function identityProviderOf(db: Db, owner: ProviderOwner): Promise<IdentityProvider | undefined> {
  return db('identityProviders').where(ownerWhere(owner)).first();
}

export function identityProviderById(db: Db, id: number): Promise<IdentityProvider | undefined> {
  return db('identityProviders').where({ id }).first();
}

/** True while any school or trust has its own sign-in (the sign-in page then offers it). */
export async function anyIdentityProvider(db: Db): Promise<boolean> {
  return (await db('identityProviders').first('id')) !== undefined;
}

/** The school whose proven domain the address is on, with its trust; none when the domain is not proven anywhere. */
async function provenSchoolOf(db: Db, email: string): Promise<{ schoolId: number; trustId: number | null } | null> {
  const row = await db('schoolDomains')
    .join('schools', 'schools.id', 'schoolDomains.schoolId')
    .select('schools.id as schoolId', 'schools.trustId as trustId')
    .where('schoolDomains.domain', emailDomain(email))
    .whereNotNull('schoolDomains.verifiedAt')
    .first();
  return row ? { schoolId: Number(row.schoolId), trustId: row.trustId === null || row.trustId === undefined ? null : Number(row.trustId) } : null;
}

/**
 * The provider that may sign in this address: the school's own, else its trust's, found by the
 * school that proved the address's domain. None when the domain is proven nowhere.
 */
export async function identityProviderForEmail(db: Db, email: string): Promise<IdentityProvider | null> {
  const school = await provenSchoolOf(db, email);
  if (!school) return null;
  const own = await identityProviderOf(db, { schoolId: school.schoolId });
  if (own) return own;
  return school.trustId === null ? null : ((await identityProviderOf(db, { trustId: school.trustId })) ?? null);
}

/** The provider that must sign this address in (its organisation requires it), or null. */
export async function requiredProviderFor(db: Db, email: string): Promise<IdentityProvider | null> {
  const provider = await identityProviderForEmail(db, email);
  return provider && Boolean(provider.required) ? provider : null;
}

/** Whether the address is on a proven domain of the connection's organisation (its school, or a school of its trust). */
export async function providerCoversEmail(db: Db, connection: Pick<IdentityProvider, 'schoolId' | 'trustId'>, email: string): Promise<boolean> {
  const school = await provenSchoolOf(db, email);
  if (!school) return false;
  if (connection.schoolId !== null) return Number(connection.schoolId) === school.schoolId;
  return connection.trustId !== null && Number(connection.trustId) === school.trustId;
}

/**
 * The accounts a provider's answer could open: the one already linked to its subject at this
 * connection, and the one with the address it vouches for (either may be missing).
 */
export async function accountsOpenedBy(
  db: Db,
  connectionId: number,
  subject: string,
  email: string,
): Promise<{ linked: Pick<User, 'role' | 'email'> | undefined; byEmail: User | undefined }> {
  const link = await db('userIdentities')
    .where({ provider: ssoProviderKey(connectionId), subject })
    .first('userId');
  const linked = link ? await db('users').where({ id: link.userId }).first('role', 'email') : undefined;
  return { linked, byEmail: await findUserByEmail(db, email) };
}
