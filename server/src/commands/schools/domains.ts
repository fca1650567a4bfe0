import { emailDomain, isPublicEmailDomain } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolation } from '../../db/knex.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { whereAdoptable } from './adoption.ts';
import { joinSchool } from './membership.ts';
import { inTransaction } from './shared.ts';

interface Manager {
  id: number;
  email: string;
  emailVerifiedAt: number | null;
}

/**
 * Adds a verified e-mail domain to the school. The domain is proven by the manager's own
 * verified address on it; public mailbox providers are refused whoever asks. People who have
 * already verified an address on the domain and belong to no school join at once, exactly as
 * they would had they verified after the domain was added. Adding it again is a no-op.
 */
export async function addSchoolDomain(db: Db, schoolId: number, manager: Manager, domain: string): Promise<{ joined: number }> {
  if (isPublicEmailDomain(domain)) {
    throw badRequest(`${domain} is a public e-mail provider: anyone can have an address there, so it cannot identify your school.`, {
      domain: 'Public e-mail domains cannot be added',
    });
  }
  if (emailDomain(manager.email) !== domain) {
    throw badRequest(`You can add only the domain of your own e-mail address (${emailDomain(manager.email)}).`, {
      domain: 'Must be the domain of your own e-mail address',
    });
  }
  if (manager.emailVerifiedAt === null) throw forbidden('Verify your own e-mail address first: we send you a link to confirm it.');
  return inTransaction(db, async (trx) => {
    const existing = await trx('schoolDomains').where({ domain }).first();
    if (existing && Number(existing.schoolId) !== schoolId) throw conflict('This domain already belongs to another school.');
    if (!existing) {
      try {
        await trx('schoolDomains').insert({ schoolId, domain, verifiedAt: Date.now(), verifiedBy: manager.id, createdAt: Date.now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('This domain already belongs to another school.');
        throw error;
      }
    }
    // The domain's characters are [a-z0-9.-]: nothing in it is a LIKE wildcard.
    const candidates: Array<{ id: number }> = await trx('users')
      .leftJoin('schoolMembers', 'schoolMembers.userId', 'users.id')
      .whereNull('schoolMembers.id')
      .modify(whereAdoptable)
      .where('users.email', 'like', `%@${domain}`)
      .select('users.id');
    let joined = 0;
    for (const candidate of candidates) {
      const outcome = await joinSchool(trx, Number(candidate.id), schoolId, 'member');
      if (outcome.status === 'joined') joined += 1;
    }
    return { joined };
  });
}

/** Removes a domain; existing members stay (removing them is a separate, deliberate act). */
export async function removeSchoolDomain(db: Db, schoolId: number, domain: string): Promise<void> {
  const removed = await db('schoolDomains').where({ schoolId, domain }).delete();
  if (!removed) throw notFound('This domain is not one of your school’s domains');
}

/** The school a verified address joins by its domain, if any. */
export async function schoolForVerifiedEmail(db: Db, email: string): Promise<number | null> {
  const row = await db('schoolDomains')
    .select('schoolId')
    .where({ domain: emailDomain(email) })
    .whereNotNull('verifiedAt')
    .first();
  return row ? Number(row.schoolId) : null;
}
