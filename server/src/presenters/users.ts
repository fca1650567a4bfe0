import type { StudentDto, UserDto } from '@atrium/common';
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
  };
}

export function presentStudent(user: User & { enrollmentCount?: number | string }): StudentDto {
  return { ...presentUser(user), enrollmentCount: Number(user.enrollmentCount ?? 0) };
}

/** The person's own name, or '' when they have given none: what a certificate is made out to. */
export function personalName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}

/** What a certificate shows for a learner who gave no name; it never falls back to an e-mail address. */
export const NAME_NOT_GIVEN = 'Name not given';

/**
 * The name a certificate shows. Certificates issued before names were asked for hold the e-mail
 * address (or nothing): personal data on a shareable page, so they read "Name not given".
 */
export function certificateName(studentName: string | null | undefined): string {
  const name = (studentName ?? '').trim();
  return name && !name.includes('@') ? name : NAME_NOT_GIVEN;
}

/** True when a certificate's stored name is no name at all (see certificateName). */
export const certificateNeedsName = (studentName: string | null | undefined) => certificateName(studentName) === NAME_NOT_GIVEN;

/** The name shown beside a comment or in a school's member list. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
