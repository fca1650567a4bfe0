import { email as emailSchema } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { HttpError } from '../errors.ts';
import type { Clock } from '../services/clock.ts';
import { adminAccounts } from '../queries/admins.ts';
import { liveAccountIdByEmail } from '../queries/users.ts';
import { grantAdmin, revokeAdmin } from './admins.ts';

export const ADMIN_CLI_USAGE = [
  'Usage:',
  '  npm run admin -- list                 every admin account',
  '  npm run admin -- add <address>        make the (verified) account with this address an admin',
  '  npm run admin -- remove <address>     take the admin role away (never from the last admin)',
].join('\n');

/**
 * `npm run admin -- …` (server/src/adminCli.ts): the same grant and removal rules as the Admins panel on
 * /admin, for the first admin after ADMIN_EMAIL or when nobody can sign in. Answers the lines to
 * print and the exit code. A command: it writes through grantAdmin and revokeAdmin, and what it
 * reads (the admins, the account an address names) it asks queries/ for.
 */
export async function runAdminCommand(db: Db, clock: Clock, args: string[]): Promise<{ code: number; lines: string[] }> {
  const [command, address, ...rest] = args;
  if (command === 'list' && address === undefined) {
    const admins = await adminAccounts(db);
    if (!admins.length) return { code: 0, lines: ['There is no admin yet. Add one with: npm run admin -- add <address>'] };
    return { code: 0, lines: admins.map((admin) => `${admin.email}${admin.emailVerifiedAt !== null ? '' : ' (address not verified)'}`) };
  }
  if ((command !== 'add' && command !== 'remove') || address === undefined || rest.length) return { code: 2, lines: [ADMIN_CLI_USAGE] };
  const parsed = emailSchema.safeParse(address);
  if (!parsed.success) return { code: 2, lines: [`${address} is not an e-mail address.`, ADMIN_CLI_USAGE] };
  const email = parsed.data;
  try {
    if (command === 'add') {
      const { changed } = await grantAdmin(db, clock, email);
      return { code: 0, lines: [changed ? `${email} is now an admin.` : `${email} was already an admin.`] };
    }
    const accountId = await liveAccountIdByEmail(db, email);
    if (accountId === undefined) return { code: 1, lines: [`There is no account with the address ${email}.`] };
    await revokeAdmin(db, clock, accountId);
    return { code: 0, lines: [`${email} is no longer an admin (the account stays, as a learner).`] };
  } catch (error) {
    if (error instanceof HttpError) return { code: 1, lines: [error.message] };
    throw error;
  }
}
