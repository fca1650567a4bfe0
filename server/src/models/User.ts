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

  static override get modifiers() {
    return {
      /** Prefix search on e-mail and names; prefix keeps it on the indexes. */
      search(query: ReturnType<typeof User.query>, q: string) {
        if (!q) return;
        const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query.where((w) =>
          w
            .whereRaw("?? like ? escape '\\'", ['email', prefix.toLowerCase()])
            .orWhereRaw("?? like ? escape '\\'", ['firstName', prefix])
            .orWhereRaw("?? like ? escape '\\'", ['lastName', prefix]),
        );
      },
    };
  }
}
