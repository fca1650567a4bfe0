import { z } from 'zod';
import { courseAssignmentRoutes } from './assignments.ts';
import {
  courseDetailDtoSchema,
  courseRenewalDtoSchema,
  courseSchema,
  courseSummaryDtoSchema,
  courseUpdateSchema,
  idParams,
  messageDtoSchema,
  type CourseDetailDto,
  type MessageDto,
} from '@atrium/common';
import { createCourse, deleteCourse, updateCourse } from '../../../commands/catalogue/courses.ts';
import { startRenewal } from '../../../commands/renewCertificate.ts';
import { renewalState } from '../../../queries/renewals.ts';
import { notFound } from '../../../errors.ts';
import { courseRenewer } from '../../../policies/courseAccess.ts';
import { catalogueSummary, presentCourseDetail, presentCourseSummary } from '../../../presenters/courses.ts';
import { presentRenewal } from '../../../presenters/certificates.ts';
import { courseViewer } from '../../../policies/index.ts';
import { courseStanding } from '../../../queries/courses.ts';
import { quizResultsForCourse } from '../../../queries/quizzes.ts';
import { assignmentStandingForCourse } from '../../../queries/assignments.ts';
import { announceCurrency, shownCurrency } from '../../../services/currency.ts';
import type { Routes } from '../../define.ts';
import { courseModuleRoutes } from './modules.ts';
import { courseCaptionRoutes } from './captions.ts';
import { courseResourceRoutes } from './resources.ts';
import { courseQuizRoutes } from './quizzes.ts';

export function courseRoutes(routes: Routes): void {
  courseModuleRoutes(routes);
  courseCaptionRoutes(routes);
  courseResourceRoutes(routes);
  courseQuizRoutes(routes);
  courseAssignmentRoutes(routes);
  routes.add({
    method: 'get',
    path: '/api/courses',
    access: 'public',
    answer: { body: z.array(courseSummaryDtoSchema) },
    async handler(ctx) {
      announceCurrency(ctx, shownCurrency(ctx));
      ctx.body = [...(await ctx.deps.catalogue.get()).courses.values()].map((entry) => catalogueSummary(entry.totals));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/courses/:id',
    access: 'public',
    answer: { body: courseDetailDtoSchema },
    params: idParams,
    async handler(ctx) {
      const { catalogue, db } = ctx.deps;
      const courseId = ctx.input.params.id;
      // The viewer's queries start alongside the catalogue read; a missing course discards them.
      const [entry, standing] = await Promise.all([catalogue.course(courseId), courseStanding(db, ctx.state.user, courseId)]);
      if (!entry) throw notFound('Course not found');
      // A course without knowledge checks costs no more than before; one with them, one indexed read.
      const user = ctx.state.user;
      const [results, assignmentResults] = await Promise.all([
        user && entry.quizzes.length ? quizResultsForCourse(db, user.id, courseId) : new Map<number, { bestScore: number; passed: boolean }>(),
        user && entry.assignments.length ? assignmentStandingForCourse(db, user.id, courseId) : undefined,
      ]);
      const currency = shownCurrency(ctx);
      announceCurrency(ctx, currency);
      ctx.body = {
        ...presentCourseDetail(entry.course, entry.modules, courseViewer(user, standing), {
          steps: entry.steps,
          finalQuizId: entry.finalQuiz?.id ?? null,
          results,
          ...(assignmentResults ? { assignmentResults } : {}),
        }),
        currency,
      } satisfies CourseDetailDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/courses',
    access: 'admin',
    answer: { status: 201, body: courseSummaryDtoSchema },
    body: courseSchema,
    async handler(ctx) {
      const course = await createCourse(ctx.deps, ctx.input.body);
      ctx.status = 201;
      ctx.body = presentCourseSummary({ ...course, totalModules: 0, totalDuration: 0 });
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:id',
    access: 'admin',
    answer: { body: courseSummaryDtoSchema },
    params: idParams,
    body: courseUpdateSchema,
    async handler(ctx) {
      const course = await updateCourse(ctx.deps, ctx.input.params.id, ctx.input.body);
      const entry = await ctx.deps.catalogue.course(course.id);
      ctx.body = entry ? catalogueSummary(entry.totals) : presentCourseSummary({ ...course, totalModules: 0, totalDuration: 0 });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/courses/:id',
    access: 'admin',
    answer: { body: messageDtoSchema },
    params: idParams,
    async handler(ctx) {
      await deleteCourse(ctx.deps, ctx.input.params.id);
      ctx.body = { message: 'Course deleted' } satisfies MessageDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/courses/:id/renewal',
    access: 'user',
    cache: 'no-store',
    params: idParams,
    answer: { body: courseRenewalDtoSchema },
    policy: courseRenewer,
    async handler(ctx) {
      ctx.body = presentRenewal(await renewalState(ctx.deps.db, ctx.state.user.id, ctx.input.params.id, ctx.now()));
    },
  });

  // Retaking the course for a new certificate: 409 (the message says why) when none is due.
  routes.add({
    method: 'post',
    path: '/api/courses/:id/renewal',
    access: 'user',
    params: idParams,
    answer: { body: courseRenewalDtoSchema },
    // The command asks the same rule again inside its transaction, under the enrollment's lock.
    policy: courseRenewer,
    async handler(ctx) {
      ctx.body = presentRenewal(await startRenewal(ctx.deps.db, ctx.state.user, ctx.input.params.id, ctx.now()));
    },
  });
}
