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
}

/** The name printed on a certificate, shown beside a comment or written in a mail. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
