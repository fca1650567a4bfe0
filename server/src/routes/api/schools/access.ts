import { membershipOf } from '../../../commands/schools/shared.ts';
import type { Db } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import type { User } from '../../../models/User.ts';
import { requireSchoolManager } from '../../../policies/index.ts';
import type { SchoolRow } from '../../../presenters/schools.ts';

/** The school, once the policy has agreed that the user manages it (403 otherwise, even if unknown). */
export async function managedSchool(db: Db, user: User, schoolId: number): Promise<SchoolRow> {
  requireSchoolManager(await membershipOf(db, user.id), schoolId);
  const school = await db('schools').where({ id: schoolId }).first();
  if (!school) throw notFound('School not found');
  return school;
}
