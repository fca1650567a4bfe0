import { randomBytes } from 'node:crypto';
import { countRows, type Db } from '../db/knex.ts';
import { badRequest, conflict } from '../errors.ts';
import type { User } from '../models/User.ts';
import type { PasswordHasher } from '../services/passwords.ts';

export const FORMER_LEARNER = 'Former learner';

/**
 * Erases a person from their account in one transaction: the row stays (so progress and
 * comments keep their shape) but holds nothing that identifies them; sessions, avatar and
 * reset tokens go; certificates are kept under a pseudonym or revoked, as the person chose.
 * Orders and payments stay: they are accounting records the agency must keep.
 */
export async function deleteAccount(
  db: Db,
  passwords: PasswordHasher,
  user: User,
  input: { password: string; certificates: 'keep' | 'revoke' },
): Promise<void> {
  if (!(await passwords.verify(user.passwordHash, input.password))) {
    throw badRequest('Your password is not correct', { password: 'Your password is not correct' });
  }
  const userId = user.id;
  const { certificates } = input;
  await db.transaction(async (trx) => {
    if (user.role === 'admin' && (await countRows(trx('users').where({ role: 'admin' }).whereNull('deletedAt'))) <= 1) {
      throw conflict('You are the only admin. Make someone else an admin before deleting your account.');
    }
    const now = Date.now();
    await trx('users')
      .where({ id: userId })
      .update({
        email: `deleted-${userId}-${randomBytes(6).toString('hex')}@deleted.invalid`,
        passwordHash: `!deleted:${randomBytes(16).toString('hex')}`,
        firstName: 'Former',
        lastName: 'learner',
        company: null,
        profileImageUrl: null,
        role: 'learner',
        deletedAt: now,
        emailVerifiedAt: null,
        updatedAt: now,
      });
    await trx('sessions').where({ userId }).delete();
    await trx('avatars').where({ userId }).delete();
    await trx('passwordResets').where({ userId }).delete();
    await trx('emailVerifications').where({ userId }).delete();
    await trx('userIdentities').where({ userId }).delete();
    // Out of their school too (they no longer count as staff); enrollments stay like everyone's.
    await trx('schoolMembers').where({ userId }).delete();
    if (certificates === 'revoke') {
      await trx('certificates').where({ userId }).whereNull('revokedAt').update({ revokedAt: now, studentName: FORMER_LEARNER });
    } else {
      await trx('certificates').where({ userId }).update({ studentName: FORMER_LEARNER });
    }
  });
}
