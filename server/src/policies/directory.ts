import type { Db } from '../db/knex.ts';
import { unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { adminOfSchool, schoolManager } from './schools.ts';
import { adminOfTrust, trustManager } from './trusts.ts';
import { isAdmin } from './roles.ts';

interface PolicyContext {
  deps: { db: Db };
  state: { user: User | null };
  input: { params: { id: number } };
}

/**
 * `/api/schools/:id/scim-tokens`, `/api/schools/:id/directory-log`: the school's own managers,
 * and the agency's admins for any school there is (they see and revoke every school's tokens).
 */
export async function schoolDirectoryKeeper(ctx: PolicyContext): Promise<void> {
  if (!ctx.state.user) throw unauthorized();
  if (isAdmin(ctx.state.user)) return adminOfSchool(ctx);
  return schoolManager(ctx);
}

/** The same for a trust's directory: its managers, and admins. */
export async function trustDirectoryKeeper(ctx: PolicyContext): Promise<void> {
  if (!ctx.state.user) throw unauthorized();
  if (isAdmin(ctx.state.user)) return adminOfTrust(ctx);
  return trustManager(ctx);
}
