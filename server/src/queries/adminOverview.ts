import type { AdminOverviewDto } from '@atrium/common';
import { countRows, type Db } from '../db/knex.ts';
import { whereStudent } from './students.ts';

/** The figures at the top of /admin. */
export async function adminOverview(db: Db): Promise<AdminOverviewDto> {
  const [totalStudents, totalEnrollments, totalCourses, unhandledMessages] = await Promise.all([
    countRows(whereStudent(db('users'))),
    countRows(db('enrollments')),
    countRows(db('courses')),
    countRows(db('contactMessages').whereNull('handledAt')),
  ]);
  return { totalStudents, totalEnrollments, totalCourses, unhandledMessages };
}
