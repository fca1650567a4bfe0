import { enrollmentRecordDtoSchema, enrollmentSchema } from '@atrium/common';
import { enrollWithoutPayment } from '../../../commands/enroll.ts';
import { presentEnrollment } from '../../../presenters/courses.ts';
import { shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';

export function enrollmentRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/enrollments',
    access: 'user',
    answer: { status: 201, body: enrollmentRecordDtoSchema },
    body: enrollmentSchema,
    async handler(ctx) {
      const { enrollment, created } = await enrollWithoutPayment(ctx.deps.db, ctx.state.user.id, ctx.input.body, shownCurrency(ctx), ctx.now());
      // Enrolling again is not an error: 200 with the enrollment as it stands.
      ctx.status = created ? 201 : 200;
      ctx.body = presentEnrollment(enrollment);
    },
  });
}
