import { isoDay, type CourseDeadlineDto } from '@atrium/common';
import type { Db } from '../db/knex.ts';

/** A licensed course as the deadlines panel reads it. */
interface CourseDeadlineRow {
  courseId: number;
  title: string;
  completeByDay: number | null;
  newStaffDays: number | null;
  validityMonths: number | null;
}

/** The school's licensed courses, each with its deadline and validity, by title. */
export async function schoolDeadlines(db: Db, schoolId: number): Promise<CourseDeadlineDto[]> {
  const rows: CourseDeadlineRow[] = await db('schoolLicences as sl')
    .join('courses as c', 'c.id', 'sl.courseId')
    .leftJoin('schoolDeadlines as d', (join) => join.on('d.schoolId', '=', 'sl.schoolId').andOn('d.courseId', '=', 'sl.courseId'))
    .where('sl.schoolId', schoolId)
    .whereNull('sl.revokedAt')
    .select('c.id as courseId', 'c.title', 'd.completeByDay', 'd.newStaffDays', 'c.validityMonths')
    .orderBy([{ column: 'c.title' }, { column: 'c.id' }]);
  return rows.map((row) => ({
    courseId: Number(row.courseId),
    title: row.title,
    completeBy: row.completeByDay === null ? null : isoDay(Number(row.completeByDay)),
    newStaffDays: row.newStaffDays === null ? null : Number(row.newStaffDays),
    validityMonths: row.validityMonths === null ? null : Number(row.validityMonths),
  }));
}
