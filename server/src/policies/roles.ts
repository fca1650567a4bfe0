import { forbidden, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';

export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean => user?.role === 'admin';

export function requireAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized();
  if (!isAdmin(user)) throw forbidden('You need admin privileges to access this page.');
}
