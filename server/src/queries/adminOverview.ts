import { countRows, type Db } from '../db/knex.ts';
import { whereStudent } from './students.ts';

/** The figures at the top of /admin. */
export interface AdminOverviewRow {
  totalStudents: number;
  totalEnrollments: number;
  totalCourses: number;
  unhandledMessages: number;
}

export async function adminOverview(db: Db): Promise<AdminOverviewRow> {
  const [totalStudents, totalEnrollments, totalCourses, unhandledMessages] = await Promise.all([
    countRows(whereStudent(db('users'))),
    countRows(db('enrollments')),
    countRows(db('courses')),
    countRows(db('contactMessages').whereNull('handledAt')),
  ]);
  return { totalStudents, totalEnrollments, totalCourses, unhandledMessages };
}
