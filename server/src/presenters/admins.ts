import type { AdminAccountDto } from '@atrium/common';
import type { AdminAccountRow } from '../queries/admins.ts';

export const presentAdminAccount = (row: AdminAccountRow): AdminAccountDto => ({
  id: Number(row.id),
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  emailVerified: row.emailVerifiedAt !== null,
});
