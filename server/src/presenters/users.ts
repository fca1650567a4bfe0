import { isCurrency, type StudentDto, type UserDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { User } from '../models/User.ts';

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
