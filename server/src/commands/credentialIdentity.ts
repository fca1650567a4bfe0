import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { dialectOf, type Db } from '../db/knex.ts';

/** What a certificate's credential says about who earned it; fixed the first time it is asked for. */
export interface CredentialIdentity {
  /** `urn:uuid:…`: the credential's own id, the one a revocation list names. */
  credentialId: string;
  /** `urn:uuid:…`: the learner, the same in every credential they hold. */
  subjectId: string;
  /** `sha256$` + hex(sha256(email + salt)); null once the account is deleted (or when it was deleted before). */
  identityHash: string | null;
  salt: string | null;
}

export const emailIdentityHash = (email: string, salt: string) => `sha256$${createHash('sha256').update(`${email}${salt}`, 'utf8').digest('hex')}`;

const stored = (db: Db | Knex.Transaction, certificateId: number): Promise<CredentialIdentity | undefined> =>
  db('certificateCredentials').select('credentialId', 'subjectId', 'identityHash', 'salt').where({ certificateId }).first();

/** Inserts a row unless its key is taken (a concurrent first request won): either way the row is there after. */
async function insertOnce(trx: Knex.Transaction, table: string, row: Record<string, unknown>, key: string): Promise<void> {
  await trx(table).insert(row).onConflict(key).ignore();
}

/**
 * The credential identity of a certificate, assigned on first use in one transaction: the
 * learner's subject id (one per learner, so all their credentials name the same subject), a
 * credential id, and the salted hash of the e-mail address (which cannot change). Deleting the
 * account clears the hash and replaces the subject id (commands/deleteAccount.ts); a deleted
 * account gets neither. Concurrent first requests converge on one identity:
 * each insert only fills what is still empty, and everyone reads back what was kept.
 */
export async function credentialIdentity(db: Db, certificate: { id: number; userId: number | null }): Promise<CredentialIdentity> {
  const existing = await stored(db, certificate.id);
  if (existing) return existing;
  // Two first requests for one learner lock the same keys in InnoDB: the loser runs again and reads what the winner kept.
  return retryOnDeadlock(() => assign(db, certificate));
}

function assign(db: Db, certificate: { id: number; userId: number | null }): Promise<CredentialIdentity> {
  // InnoDB reads from the transaction's snapshot, which misses a row a concurrent first request
  // committed meanwhile; a locking read sees it. SQLite has one writer, so plain reads are current.
  const current = <Q extends Knex.QueryBuilder>(query: Q): Q => (dialectOf(db) === 'mysql' ? (query.forUpdate() as Q) : query);
  return db.transaction(async (trx) => {
    // A deleted account's row holds a made-up address: nothing of it goes into a credential.
    const user = certificate.userId ? await trx('users').select('id', 'email').where({ id: certificate.userId }).whereNull('deletedAt').first() : undefined;
    let subjectId = `urn:uuid:${randomUUID()}`;
    if (user) {
      await insertOnce(trx, 'credentialSubjects', { userId: user.id, subjectId }, 'userId');
      subjectId = (await current(trx('credentialSubjects').select('subjectId').where({ userId: user.id })).first())!.subjectId as string;
    }
    const salt = user ? randomBytes(16).toString('hex') : null;
    const identity = {
      certificateId: certificate.id,
      credentialId: `urn:uuid:${randomUUID()}`,
      subjectId,
      salt,
      identityHash: user && salt ? emailIdentityHash(user.email as string, salt) : null,
    };
    await insertOnce(trx, 'certificateCredentials', identity, 'certificateId');
    return (await current(
      trx('certificateCredentials').select('credentialId', 'subjectId', 'identityHash', 'salt').where({ certificateId: certificate.id }),
    ).first()) as CredentialIdentity;
  });
}
