import { enrollmentRecordDtoSchema, enrollmentSchema } from '@atrium/common';
import { enroll } from '../../../commands/enroll.ts';
import { licenceCoveringPerson } from '../../../queries/licences.ts';
import { notFound } from '../../../errors.ts';
import { pricesOf } from '../../../models/coursePrices.ts';
import { requireEnrollmentAllowed } from '../../../policies/index.ts';
import { presentEnrollment } from '../../../presenters/courses.ts';
import { courseById } from '../../../queries/courses.ts';
import { enrollmentById, enrollmentOf } from '../../../queries/enrollments.ts';
import { purchasePrice, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

export function enrollmentRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/enrollments',
    access: 'user',
    answer: { status: 201, body: enrollmentRecordDtoSchema },
    body: enrollmentSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const user = ctx.state.user;
      const course = await courseById(db, ctx.input.body.courseId);
      if (!course) throw notFound('Course not found');
      const existing = await enrollmentOf(db, user.id, course.id);
      // Already enrolled (bought, or enrolled by an admin) is answered as success, even when priced.
      if (existing) {
        ctx.body = presentEnrollment(existing);
        return;
      }
      // Free in the caller's currency: the same answer checkout gives (an order or a card payment for it is a 400).
      const { free } = purchasePrice(pricesOf(course), ctx.input.body.currency, shownCurrency(ctx));
      const licence = free ? null : await licenceCoveringPerson(db, user.id, course.id);
      requireEnrollmentAllowed(free, false, licence !== null);
      const result = await enroll(db, user.id, course.id, licence ? 'licence' : 'self', ctx.now());
      const enrollment = await enrollmentById(db, result.enrollmentId);
      if (!enrollment) throw notFound('Course not found');
      ctx.status = result.created ? 201 : 200;
      ctx.body = presentEnrollment(enrollment);
    },
  });
}
