import { dialectOf, type Db } from '../db/knex.ts';
import { conflict, notFound } from '../errors.ts';
import type { AdminAccountRow } from '../queries/admins.ts';
import type { Clock } from '../services/clock.ts';
import { inTransaction } from './schools/shared.ts';

/**
 * Gives an existing account the admin role. Only an account whose holder has proven the address:
 * anyone can register an account under someone else's address, and typing that address here
 * must not hand the stranger who registered it the keys.
 */
export async function grantAdmin(db: Db, clock: Clock, email: string): Promise<{ admin: AdminAccountRow; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const row = await trx('users').select('id', 'email', 'firstName', 'lastName', 'emailVerifiedAt', 'role').where({ email }).whereNull('deletedAt').first();
    if (!row) throw notFound(`There is no account with the address ${email}. Ask them to create one and verify their address first.`);
    if (row.role === 'admin') return { admin: row, changed: false };
    if (row.emailVerifiedAt === null) {
      throw conflict(
        `${email} has not been verified yet, so we cannot tell that its holder made this account. Ask them to sign in and verify their address (Profile → Verify), then try again.`,
      );
    }
    await trx('users').where({ id: row.id }).update({ role: 'admin', updatedAt: clock.now().getTime() });
    return { admin: row, changed: true };
  });
}

/**
 * Takes the admin role away (the account stays, as a learner). The last admin cannot be
 * removed: nobody would be left to manage the site. On MySQL the admins' rows are locked, so two
 * admins removing each other at once cannot both succeed.
 */
export async function revokeAdmin(db: Db, clock: Clock, userId: number): Promise<AdminAccountRow> {
  return inTransaction(db, async (trx) => {
    const admins = trx('users').select('id', 'email', 'firstName', 'lastName', 'emailVerifiedAt').where({ role: 'admin' }).whereNull('deletedAt');
    if (dialectOf(trx) === 'mysql') admins.forUpdate();
    const rows: AdminAccountRow[] = await admins;
    const target = rows.find((row) => Number(row.id) === userId);
    if (!target) throw notFound('This account is not an admin.');
    if (rows.length <= 1) throw conflict('This is the only admin. Make someone else an admin first, so the site is never left without one.');
    await trx('users').where({ id: userId }).update({ role: 'learner', updatedAt: clock.now().getTime() });
    return target;
  });
}
