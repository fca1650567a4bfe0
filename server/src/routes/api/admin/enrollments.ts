import {
  adminEnrollResultDtoSchema,
  adminEnrollSchema,
  enrollmentDtoSchema,
  messageDtoSchema,
  pageQuery,
  type AdminEnrollResultDto,
  type EnrollmentDto,
  type MessageDto,
} from '@atrium/common';
import { z } from 'zod';
import { enroll, unenroll } from '../../../commands/enroll.ts';
import { notFound } from '../../../errors.ts';
import type { Course } from '../../../models/Course.ts';
import type { User } from '../../../models/User.ts';
import { presentAdminEnrollment } from '../../../presenters/admin.ts';
import { presentCourseSummary } from '../../../presenters/courses.ts';
import { presentStudent } from '../../../presenters/users.ts';
import type { Db } from '../../../db/knex.ts';
import { sendPage, type Routes } from '../../define.ts';
import { courseById, courseModuleTotals } from '../../../queries/courses.ts';
import { enrollmentCountOf, enrollmentsPage, enrollmentWithProgress } from '../../../queries/enrollments.ts';
import { findUserByEmail } from '../../../queries/users.ts';

/** The student and course an admin named, or the 404 that says which one is wrong. */
async function studentAndCourse(db: Db, studentEmail: string, courseId: number): Promise<{ student: User; course: Course }> {
  const student = await findUserByEmail(db, studentEmail);
  if (!student) throw notFound('No student found with that email');
  const course = await courseById(db, courseId);
  if (!course) throw notFound('Course not found');
  return { student, course };
}

export function adminEnrollmentRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/enrollments',
    access: 'admin',
    cache: 'no-store',
    query: pageQuery(),
    answer: { body: z.array(enrollmentDtoSchema) },
    async handler(ctx) {
      const { rows, total } = await enrollmentsPage(ctx.deps.db, ctx.input.query);
      sendPage<EnrollmentDto>(ctx, { rows: rows.map(presentAdminEnrollment), total });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/enroll',
    access: 'admin',
    body: adminEnrollSchema,
    answer: { status: 201, body: adminEnrollResultDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { studentEmail, courseId } = ctx.input.body;
      const { student, course } = await studentAndCourse(db, studentEmail, courseId);
      // No price check: an admin enrolling someone is how invoiced and complimentary places are given.
      const result = await enroll(db, student.id, course.id, 'admin', ctx.now());
      const [enrollment, totals, enrollmentCount] = await Promise.all([
        enrollmentWithProgress(db, result.enrollmentId),
        courseModuleTotals(db, course.id),
        enrollmentCountOf(db, student.id),
      ]);
      if (!enrollment) throw notFound('Course not found'); // the course was deleted in between
      const body: AdminEnrollResultDto = {
        student: { ...presentStudent(student), enrollmentCount },
        course: presentCourseSummary({ ...course, ...totals }),
        enrollment: presentAdminEnrollment(enrollment),
        alreadyEnrolled: !result.created,
      };
      ctx.state.log.info({ studentId: student.id, courseId: course.id, created: result.created }, 'admin enrollment');
      ctx.status = result.created ? 201 : 200;
      ctx.body = body;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/enroll',
    access: 'admin',
    body: adminEnrollSchema,
    answer: { body: messageDtoSchema },
    async handler(ctx) {
      const { db } = ctx.deps;
      const { studentEmail, courseId } = ctx.input.body;
      const { student, course } = await studentAndCourse(db, studentEmail, courseId);
      // Progress rows stay: enrolling the student again brings their progress back.
      if (!(await unenroll(db, student.id, course.id))) throw notFound('This student is not enrolled in that course');
      ctx.state.log.info({ studentId: student.id, courseId: course.id }, 'admin unenrollment');
      const body: MessageDto = { message: 'Student unenrolled' };
      ctx.body = body;
    },
  });
}
