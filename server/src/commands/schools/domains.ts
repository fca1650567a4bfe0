import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { domainProofValue, emailDomain, isPublicEmailDomain } from '@atrium/common';
import type { Db } from '../../db/knex.ts';
import { isUniqueViolation } from '../../db/knex.ts';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../../errors.ts';
import type { Clock } from '../../services/clock.ts';
import type { TxtResolver } from '../../services/dns.ts';
import { whereAdoptable } from './adoption.ts';
import { joinSchool } from './membership.ts';
import { inTransaction } from './shared.ts';

interface Manager {
  id: number;
  email: string;
  emailVerifiedAt: number | null;
}

export interface DomainClaimRow {
  id: number;
  schoolId: number;
  domain: string;
  verifiedAt: number | null;
  verificationToken: string | null;
  proof: 'dns' | 'admin' | null;
  googleWorkspaceDomain: string | null;
}

async function claimOf(db: Db, schoolId: number, domain: string): Promise<DomainClaimRow> {
  const row = await db('schoolDomains')
    .select('id', 'schoolId', 'domain', 'verifiedAt', 'verificationToken', 'proof', 'googleWorkspaceDomain')
    .where({ schoolId, domain })
    .first();
  if (!row) throw notFound('This domain is not one of the school’s domains');
  return { ...row, id: Number(row.id), schoolId: Number(row.schoolId), verifiedAt: row.verifiedAt === null ? null : Number(row.verifiedAt) };
}

/**
 * Claims an e-mail domain for the school. The claim pulls nobody in until it is proven by a DNS
 * TXT record (proveSchoolDomainByDns) or an admin's approval (approveSchoolDomain): a verified
 * address on a domain shows only that its holder has a mailbox there, which any pupil, parent or
 * former employee may have. Public mailbox providers are refused whoever asks. Several schools
 * may hold an unproven claim on one domain, so a squatter cannot block the real school; a claim
 * already proven for another school is refused. Claiming again answers the existing claim.
 */
export async function addSchoolDomain(db: Db, clock: Clock, schoolId: number, manager: Manager, domain: string): Promise<DomainClaimRow> {
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
  await inTransaction(db, async (trx) => {
    const proven = await trx('schoolDomains').select('schoolId').where({ verifiedDomain: domain }).first();
    if (proven && Number(proven.schoolId) !== schoolId) throw conflict('This domain already belongs to another school.');
    if (await trx('schoolDomains').where({ schoolId, domain }).first('id')) return;
    try {
      await trx('schoolDomains').insert({ schoolId, domain, verificationToken: randomBytes(24).toString('base64url'), createdAt: clock.now().getTime() });
    } catch (error) {
      // The same manager claiming twice at once: the other request's claim stands.
      if (!isUniqueViolation(error)) throw error;
    }
  });
  return claimOf(db, schoolId, domain);
}

/** The TXT records at `domain`, each joined from its chunks; none when the name has none. */
async function txtRecords(dns: TxtResolver, domain: string): Promise<string[]> {
  try {
    return (await dns.resolveTxt(domain)).map((chunks) => chunks.join('').trim());
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
    throw serviceUnavailable('We could not reach the DNS to look for the record. Please try again in a minute.');
  }
}

/**
 * Looks for the claim's TXT record at the domain; found, the claim is proven and colleagues
 * with verified addresses there who belong to no school join. Not found, nothing changes and the
 * answer says what to publish (DNS changes can take a while to be seen).
 */
export async function proveSchoolDomainByDns(
  db: Db,
  dns: TxtResolver,
  clock: Clock,
  schoolId: number,
  domain: string,
  userId: number,
): Promise<{ joined: number }> {
  const claim = await claimOf(db, schoolId, domain);
  if (claim.verifiedAt !== null) return { joined: 0 };
  const expected = domainProofValue(claim.verificationToken!);
  const records = await txtRecords(dns, domain);
  if (!records.includes(expected)) {
    throw conflict(
      `We did not find the TXT record "${expected}" at ${domain} yet. Add it with your domain's DNS provider (host "@"); changes can take up to an hour to appear. Then check again.`,
    );
  }
  return markProven(db, clock, claim, 'dns', userId);
}

/** An admin vouches for the claim (they checked with the school another way). */
export async function approveSchoolDomain(db: Db, clock: Clock, schoolId: number, domain: string, adminId: number): Promise<{ joined: number }> {
  const claim = await claimOf(db, schoolId, domain);
  if (claim.verifiedAt !== null) return { joined: 0 };
  return markProven(db, clock, claim, 'admin', adminId);
}

/**
 * Moves a claim to another school (an admin putting a domain where it belongs). A proven claim
 * stays proven, now on the admin's word, and pulls the new school's colleagues in; the target
 * school's own claim on the domain, if any, is replaced.
 */
export async function moveSchoolDomain(
  db: Db,
  clock: Clock,
  schoolId: number,
  domain: string,
  toSchoolId: number,
  adminId: number,
): Promise<{ joined: number }> {
  if (toSchoolId === schoolId) throw badRequest('The domain already belongs to this school.', { schoolId: 'Choose another school' });
  return inTransaction(db, async (trx) => {
    const claim = await claimOf(trx, schoolId, domain);
    if (!(await trx('schools').where({ id: toSchoolId }).first('id'))) throw notFound('There is no school with that id.');
    await trx('schoolDomains').where({ schoolId: toSchoolId, domain }).delete();
    const proven = claim.verifiedAt !== null;
    await trx('schoolDomains')
      .where({ id: claim.id })
      .update({ schoolId: toSchoolId, ...(proven ? { proof: 'admin', verifiedBy: adminId, verifiedAt: clock.now().getTime() } : {}) });
    return { joined: proven ? await pullInColleagues(trx, toSchoolId, domain, clock.now().getTime()) : 0 };
  });
}

async function markProven(db: Db, clock: Clock, claim: DomainClaimRow, proof: 'dns' | 'admin', by: number): Promise<{ joined: number }> {
  return inTransaction(db, async (trx) => {
    const elsewhere = await trx('schoolDomains').where({ verifiedDomain: claim.domain }).whereNot({ id: claim.id }).first('id');
    if (elsewhere) throw conflict('This domain has already been proven for another school. Ask us (the contact form) if that is wrong.');
    try {
      await trx('schoolDomains').where({ id: claim.id }).update({ verifiedAt: clock.now().getTime(), verifiedBy: by, proof, verifiedDomain: claim.domain });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This domain has already been proven for another school.');
      throw error;
    }
    return { joined: await pullInColleagues(trx, claim.schoolId, claim.domain, clock.now().getTime()) };
  });
}

/** Everyone with a verified address on a proven domain who belongs to no school joins it. */
async function pullInColleagues(trx: Knex.Transaction, schoolId: number, domain: string, now: number): Promise<number> {
  // The domain's characters are [a-z0-9.-]: nothing in it is a LIKE wildcard.
  const candidates: Array<{ id: number }> = await trx('users')
    .leftJoin('schoolMembers', 'schoolMembers.userId', 'users.id')
    .whereNull('schoolMembers.id')
    .modify(whereAdoptable)
    .where('users.email', 'like', `%@${domain}`)
    .select('users.id');
  let joined = 0;
  for (const candidate of candidates) {
    const outcome = await joinSchool(trx, Number(candidate.id), schoolId, 'member', now);
    if (outcome.status === 'joined') joined += 1;
  }
  return joined;
}

/**
 * Restricts Google sign-in with addresses at a proven domain to the school's Google Workspace
 * (`hd`, its primary domain), or lifts the restriction (null). Only a proven claim: an unproven
 * one could otherwise lock the real school's staff out of Google sign-in on a domain that is not
 * the claimant's.
 */
export async function setGoogleWorkspaceDomain(db: Db, schoolId: number, domain: string, hd: string | null): Promise<DomainClaimRow> {
  const claim = await claimOf(db, schoolId, domain);
  if (claim.verifiedAt === null) throw conflict('Prove the domain first: a Google Workspace can be set only for a proven domain.');
  await db('schoolDomains').where({ id: claim.id }).update({ googleWorkspaceDomain: hd });
  return { ...claim, googleWorkspaceDomain: hd };
}

/** Removes a domain; existing members stay (removing them is a separate, deliberate act). */
export async function removeSchoolDomain(db: Db, schoolId: number, domain: string): Promise<void> {
  const removed = await db('schoolDomains').where({ schoolId, domain }).delete();
  if (!removed) throw notFound('This domain is not one of your school’s domains');
}
