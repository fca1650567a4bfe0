import type { Db } from '../db/knex.ts';
import { forbidden } from '../errors.ts';
import type { User } from '../models/User.ts';
import { schoolLicenceInForce } from '../queries/licences.ts';
import { adminOfSchool, schoolManager } from './schools.ts';

interface DeadlineContext {
  deps: { db: Db };
  state: { user: User | null };
  input: { params: { id: number; courseId: number } };
}

/** Deadlines are set on a school's licensed courses only (a manager's or an admin's alike). */
async function licensedCourse(ctx: DeadlineContext): Promise<void> {
  if (!(await schoolLicenceInForce(ctx.deps.db, ctx.input.params.id, ctx.input.params.courseId))) {
    throw forbidden('This school is not licensed for this course, so it cannot have a deadline for it.');
  }
}

/** `PUT /api/schools/:id/deadlines/:courseId`: the school's managers, on a course it is licensed for. */
export async function deadlineSetter(ctx: DeadlineContext): Promise<void> {
  await schoolManager(ctx);
  await licensedCourse(ctx);
}

/** `PUT /api/admin/schools/:id/deadlines/:courseId`: an admin, on a course the school is licensed for. */
export async function adminDeadlineSetter(ctx: DeadlineContext): Promise<void> {
  await adminOfSchool(ctx);
  await licensedCourse(ctx);
}
