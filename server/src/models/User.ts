import { Model } from 'objection';
import type { Role } from '@atrium/common';

export class User extends Model {
  static override tableName = 'users';

  id!: number;
  email!: string;
  passwordHash!: string;
  firstName!: string | null;
  lastName!: string | null;
  company!: string | null;
  profileImageUrl!: string | null;
  role!: Role;
  createdAt!: number;
  updatedAt!: number;
  deletedAt!: number | null;
  emailVerifiedAt!: number | null;
  /** The currency chosen with the header switcher (GBP, USD, EUR). */
  currency?: string | null;
}

/** The person's own name, or '' when they have given none: what a certificate is made out to. */
export function personalName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

/** The name shown beside a comment or written in a mail. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
