import { idParams, listQuery, type AdminOverviewDto, type EnrollmentDto, type StudentDto } from '@atrium/common';
import { ref } from 'objection';
import { notFound } from '../../../errors.ts';
import { Enrollment } from '../../../models/Enrollment.ts';
import { User } from '../../../models/User.ts';
import { presentAdminEnrollment, presentStudentDetail } from '../../../presenters/admin.ts';
import { presentStudent } from '../../../presenters/users.ts';
import { dialectOf, type Db } from '../../../db/knex.ts';
import type { Routes } from '../../define.ts';
import { countOf, enrollmentsWithProgress, studentSearch } from '../../../queries/admin.ts';
import { whereStudent } from '../../../queries/students.ts';

const STUDENT_COLUMNS = ['id', 'email', 'firstName', 'lastName', 'company', 'profileImageUrl', 'role', 'createdAt'].map((c) => `users.${c}`);

export async function studentEnrollments(db: Db, userId: number): Promise<EnrollmentDto[]> {
  const rows = await enrollmentsWithProgress(db).where('e.userId', userId).orderBy('e.enrolledAt', 'desc').orderBy('e.id', 'desc');
  return rows.map(presentAdminEnrollment);
}

/**
 * The students panel, its count, "Total Students" and the export all mean queries/students.ts's
 * students. A person's own page opens for any account, since a school's member list links there.
 */
export function adminStudentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/students',
    access: 'admin',
    query: listQuery,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { q, limit, offset } = ctx.input.query;
      const dialect = dialectOf(db);
      const search = studentSearch(q, dialect);
      const page = User.query(db)
        .modify((query) => whereStudent(query))
        .select(STUDENT_COLUMNS)
        // Counted per listed row through the (userId, courseId) index, never over every enrollment.
        .select(Enrollment.query().count('*').where('enrollments.userId', ref('users.id')).as('enrollmentCount'))
        .limit(limit)
        .offset(offset);
      const total = whereStudent(db('users'));
      if (search) {
        page.whereRaw(search.sql, search.bindings);
        total.whereRaw(search.sql, search.bindings);
      }
      if (search && dialect === 'sqlite') {
        // Left to itself SQLite walks the createdAt index and tests every row against a rare
        // name; the unary + makes it gather the matches from the search's index ranges and sort them.
        page.orderByRaw('+?? desc, +?? desc', ['users.createdAt', 'users.id']);
      } else {
        // createdAt is indexed and id breaks ties, so newest-first paging never skips or repeats.
        page.orderBy('users.createdAt', 'desc').orderBy('users.id', 'desc');
      }
      const [students, count] = await Promise.all([page.castTo<Array<User & { enrollmentCount: number | string }>>(), countOf(total)]);
      ctx.set('X-Total-Count', String(count));
      ctx.set('Cache-Control', 'no-store');
      const body: StudentDto[] = students.map(presentStudent);
      ctx.body = body;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/students/:id',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = await User.query(db).findById(ctx.input.params.id);
      if (!user) throw notFound('Student Not Found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentStudentDetail(user, await studentEnrollments(db, user.id));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/students/:id/enrollments',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = await User.query(db).findById(ctx.input.params.id);
      if (!user) throw notFound('Student Not Found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await studentEnrollments(db, user.id);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/overview',
    access: 'admin',
    async handler(ctx) {
      const { db } = ctx.deps;
      const [totalStudents, totalEnrollments, totalCourses, unhandledMessages] = await Promise.all([
        countOf(whereStudent(db('users'))),
        countOf(db('enrollments')),
        countOf(db('courses')),
        countOf(db('contactMessages').whereNull('handledAt')),
      ]);
      const body: AdminOverviewDto = { totalStudents, totalEnrollments, totalCourses, unhandledMessages };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = body;
    },
  });
}
