import { isCurrency, type LinkedSignInsDto, type StudentDto, type UserDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import type { LinkedSignInRow } from '../queries/users.ts';

export function presentUser(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company,
    profileImageUrl: user.profileImageUrl,
    role: user.role === 'admin' ? 'admin' : 'learner',
    createdAt: toIso(user.createdAt)!,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    currency: isCurrency(user.currency) ? user.currency : null,
  };
}

export function presentStudent(user: User & { enrollmentCount?: number | string }): StudentDto {
  return { ...presentUser(user), enrollmentCount: Number(user.enrollmentCount ?? 0) };
}

/** The Google / Microsoft sign-ins linked to an account, and whether it also has a password (times in epoch ms). */
export function presentLinkedSignIns(hasPassword: boolean, rows: LinkedSignInRow[]): LinkedSignInsDto {
  return {
    hasPassword,
    signIns: rows.map((row) => ({
      provider: row.provider,
      email: row.email,
      linkedAt: Number(row.createdAt),
      lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    })),
  };
}
