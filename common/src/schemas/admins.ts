import { z } from 'zod';
import { email } from './common.ts';

/** POST /api/admin/admins: the address of an existing, verified account to make an admin. */
export const grantAdminSchema = z.object({ email });
export type GrantAdminInput = z.infer<typeof grantAdminSchema>;
