import type { Logger } from 'pino';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/knex.ts';
import type { PasswordHasher } from '../services/passwords.ts';

/**
 * Makes sure the ADMIN_EMAIL account exists and is an admin. An existing account keeps its
 * password: changing the environment must not silently reset someone's credentials. An existing
 * account is promoted only when its holder has verified the address: anyone can register under
 * an address before its owner does, and the start-up must not crown that stranger. Then it
 * refuses to start, naming the ways out.
 */
export async function ensureAdmin(db: Db, passwords: PasswordHasher, admin: { email: string; password: string }, logger: Logger): Promise<void> {
  const existing = await db('users').where({ email: admin.email }).whereNull('deletedAt').first();
  if (existing) {
    if (existing.role === 'admin') return;
    if (existing.emailVerifiedAt === null) {
      throw new ConfigError(
        [
          `ADMIN_EMAIL=${admin.email} belongs to an existing account whose address has never been verified,`,
          'so Atrium will not make it an admin: whoever registered it may not own that mailbox.',
          'To fix, either:',
          '  - sign in as that account, verify the address from the Profile page (the link is mailed to it), and start again; or',
          '  - set ADMIN_EMAIL to an address that has no account yet (it is created as an admin), or unset ADMIN_EMAIL and ADMIN_PASSWORD',
          '    and grant the role with `npm run admin -- add <address>` to a verified account.',
        ].join('\n'),
      );
    }
    await db('users').where({ id: existing.id }).update({ role: 'admin', updatedAt: Date.now() });
    logger.info({ email: admin.email }, 'promoted the configured admin account (its address is verified)');
    return;
  }
  await db('users').insert({
    email: admin.email,
    passwordHash: await passwords.hash(admin.password),
    firstName: 'Admin',
    lastName: null,
    company: null,
    profileImageUrl: null,
    role: 'admin',
    createdAt: Date.now(),
    updatedAt: Date.now(),
  });
  logger.info({ email: admin.email }, 'created the configured admin account');
}
