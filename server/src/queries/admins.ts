import type { Db } from '../db/knex.ts';

/** An admin account as the Admins panel and `npm run admin -- list` read it. */
export interface AdminAccountRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailVerifiedAt: number | null;
}

/** Every admin, by address. */
export function adminAccounts(db: Db): Promise<AdminAccountRow[]> {
  return db('users').select('id', 'email', 'firstName', 'lastName', 'emailVerifiedAt').where({ role: 'admin' }).whereNull('deletedAt').orderBy('email');
}
