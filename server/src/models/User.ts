import type { User } from '../db/tables.ts';

export type { User };

/** The person's own name, or '' when they have given none: what a certificate is made out to. */
export function personalName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

/** The name shown beside a comment or written in a mail. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
