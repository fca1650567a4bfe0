import type { Db } from '../../db/knex.ts';
import type { User } from '../../models/User.ts';

/** A route policy deciding who may act for the school or trust named by `:id` (policies/schools.ts, policies/trusts.ts). */
export type OwnerPolicy<Params = object> = (ctx: {
  deps: { db: Db };
  state: { user: User | null };
  input: { params: { id: number } & Params };
}) => Promise<void>;

/**
 * Where a set of a school's (or trust's) routes is mounted and who may call it: the same routes
 * serve the owner's managers under `/api/schools/:id` (`/api/trusts/:id`) and the agency's admins
 * under `/api/admin/schools/:id` (`/api/admin/trusts/:id`).
 */
export interface OwnerRoutesOptions {
  /** The owner's path, ending in its `:id`. */
  base: string;
  access: 'user' | 'admin';
  /** Who may read (and, unless a route set names another, change) what the routes hold. */
  policy: OwnerPolicy;
}
