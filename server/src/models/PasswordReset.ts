import { Model } from 'objection';

export class PasswordReset extends Model {
  static override tableName = 'passwordResets';

  id!: number;
  userId!: number;
  tokenHash!: string;
  expiresAt!: number;
  usedAt!: number | null;
  createdAt!: number;
}
