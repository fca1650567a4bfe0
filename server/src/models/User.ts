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
