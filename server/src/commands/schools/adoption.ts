import type { Knex } from 'knex';

/**
 * The rule for putting someone into a school who did not ask for it themselves (a domain join, a
 * roster, any bulk add): only an account whose address is verified, and not deleted. Anyone can
 * register a password account under any address without reading its mail, so an unverified
 * account says nothing about who holds it; adopting it would hand a school's licences (and its
 * staff list) to whoever typed the address.
 */
export const isAdoptable = (user: { emailVerifiedAt?: number | null; deletedAt?: number | null }): boolean =>
  user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined && (user.deletedAt === null || user.deletedAt === undefined);

/** The same rule in a query over `users` (use with `.modify(whereAdoptable)`). */
export function whereAdoptable<TRecord extends object, TResult>(query: Knex.QueryBuilder<TRecord, TResult>): void {
  void query.whereNotNull('users.emailVerifiedAt').whereNull('users.deletedAt');
}
