import { z } from 'zod';
import {
  adminOverviewDtoSchema,
  courseWatchingDtoSchema,
  enrollmentDtoSchema,
  idParams,
  listQuery,
  studentDetailDtoSchema,
  type StudentDto,
  studentDtoSchema,
} from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { presentAdminEnrollment, presentAdminOverview, presentStudentDetail, presentStudentWatching } from '../../../presenters/admin.ts';
import { presentStudent } from '../../../presenters/users.ts';
import { adminOverview } from '../../../queries/adminOverview.ts';
import { studentEnrollments } from '../../../queries/enrollments.ts';
import { studentFinalQuizzes } from '../../../queries/quizzes.ts';
import { studentsPage } from '../../../queries/students.ts';
import { userById } from '../../../queries/users.ts';
import { studentWatching } from '../../../queries/watching.ts';
import { sendPage, type Routes } from '../../define.ts';

/**
 * The students panel, its count, "Total Students" and the export all mean queries/students.ts's
 * students. A person's own page opens for any account, since a school's member list links there.
 */
export function adminStudentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/students',
    access: 'admin',
    answer: { body: z.array(studentDtoSchema) },
    cache: 'no-store',
    query: listQuery,
    async handler(ctx) {
      const { rows, total } = await studentsPage(ctx.deps.db, ctx.input.query);
      sendPage<StudentDto>(ctx, { rows: rows.map(presentStudent), total });
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/students/:id',
    access: 'admin',
    answer: { body: studentDetailDtoSchema },
    cache: 'no-store',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = await userById(db, ctx.input.params.id);
      if (!user) throw notFound('Student Not Found');
      ctx.body = presentStudentDetail(user, (await studentEnrollments(db, user.id)).map(presentAdminEnrollment));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/students/:id/enrollments',
    access: 'admin',
    answer: { body: z.array(enrollmentDtoSchema) },
    cache: 'no-store',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = await userById(db, ctx.input.params.id);
      if (!user) throw notFound('Student Not Found');
      const enrollments = (await studentEnrollments(db, user.id)).map(presentAdminEnrollment);
      // The best score on each course's final quiz, for courses with a quiz only (issue 36).
      const quizzes = await studentFinalQuizzes(
        db,
        user.id,
        enrollments.map((enrollment) => enrollment.courseId),
      );
      ctx.body = enrollments.map((enrollment) => {
        const finalQuiz = quizzes.get(enrollment.courseId);
        return finalQuiz ? { ...enrollment, finalQuiz } : enrollment;
      });
    },
  });

  // What the student actually played of each enrolled course and module (issue 36): a module
  // marked complete without playing shows as such.
  routes.add({
    method: 'get',
    path: '/api/admin/students/:id/watching',
    access: 'admin',
    answer: { body: z.array(courseWatchingDtoSchema) },
    cache: 'no-store',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = await userById(db, ctx.input.params.id);
      if (!user) throw notFound('Student Not Found');
      ctx.body = presentStudentWatching(await studentWatching(db, user.id));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/overview',
    access: 'admin',
    answer: { body: adminOverviewDtoSchema },
    cache: 'no-store',
    async handler(ctx) {
      ctx.body = presentAdminOverview(await adminOverview(ctx.deps.db));
    },
  });
}
