import { emailDomain } from '@atrium/common';
import type { Db } from '../db/knex.ts';

// What a proven e-mail domain says about an address: the school it joins, the Google Workspace
// its Google sign-in must come from. A claim counts once it is proven (verifiedAt).

/** The school a verified address joins by its domain, if any. */
export async function schoolForVerifiedEmail(db: Db, email: string): Promise<number | null> {
  const row = await db('schoolDomains')
    .select('schoolId')
    .where({ domain: emailDomain(email) })
    .whereNotNull('verifiedAt')
    .first();
  return row ? Number(row.schoolId) : null;
}

/** Whether the address is on one of this school's proven domains. */
export async function onProvenDomainOf(db: Db, schoolId: number, email: string): Promise<boolean> {
  const row = await db('schoolDomains')
    .where({ schoolId, domain: emailDomain(email) })
    .whereNotNull('verifiedAt')
    .first('id');
  return row !== undefined;
}

/**
 * The Google Workspace a Google sign-in with this address must come from (the `hd` its id token
 * must carry), when the address's domain is proven for a school that set one; null otherwise.
 */
export async function googleWorkspaceFor(db: Db, email: string): Promise<string | null> {
  const row = await db('schoolDomains')
    .select('googleWorkspaceDomain')
    .where({ domain: emailDomain(email) })
    .whereNotNull('verifiedAt')
    .whereNotNull('googleWorkspaceDomain')
    .first();
  return row ? String(row.googleWorkspaceDomain) : null;
}
