import type { AdminOverviewDto } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { countOf } from './admin.ts';
import { whereStudent } from './students.ts';

/** The figures at the top of /admin. */
export async function adminOverview(db: Db): Promise<AdminOverviewDto> {
  const [totalStudents, totalEnrollments, totalCourses, unhandledMessages] = await Promise.all([
    countOf(whereStudent(db('users'))),
    countOf(db('enrollments')),
    countOf(db('courses')),
    countOf(db('contactMessages').whereNull('handledAt')),
  ]);
  return { totalStudents, totalEnrollments, totalCourses, unhandledMessages };
}
