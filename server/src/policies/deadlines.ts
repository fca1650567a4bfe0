import { forbidden } from '../errors.ts';

/** Deadlines are set on a school's licensed courses only (a manager's or an admin's alike). */
export function requireLicensedCourse(licensed: boolean): void {
  if (!licensed) throw forbidden('This school is not licensed for this course, so it cannot have a deadline for it.');
}
