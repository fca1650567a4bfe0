import { courseSchema, courseUpdateSchema, idParams } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { retryOnDeadlock } from '../../../db/deadlocks.ts';
import { Course } from '../../../models/Course.ts';
import { catalogue } from '../../../services/catalogue.ts';
import { presentCourseDetail, presentCourseSummary } from '../../../presenters/courses.ts';
import type { Routes } from '../../define.ts';
import { courseViewer, coursesWithTotals } from './queries.ts';

const COURSE_NOT_FOUND = 'Course not found';

export function courseRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses',
    access: 'public',
    async handler(ctx) {
      ctx.body = (await coursesWithTotals(ctx.deps.db)).map(presentCourseSummary);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/courses/:id',
    access: 'public',
    params: idParams,
    async handler(ctx) {
      const { db } = ctx.deps;
      const courseId = ctx.input.params.id;
      // The viewer's queries start alongside the catalogue read; a missing course discards them.
      const [entry, viewer] = await Promise.all([catalogue(db).then((c) => c.courses.get(courseId)), courseViewer(db, ctx.state.user, courseId)]);
      if (!entry) throw notFound(COURSE_NOT_FOUND);
      ctx.body = presentCourseDetail(entry.course, entry.modules, viewer);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/courses',
    access: 'admin',
    body: courseSchema,
    async handler(ctx) {
      const timestamp = Date.now();
      const course = await Course.query(ctx.deps.db).insertAndFetch({ ...ctx.input.body, createdAt: timestamp, updatedAt: timestamp });
      ctx.status = 201;
      ctx.body = presentCourseSummary({ ...course, totalModules: 0, totalDuration: 0 });
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:id',
    access: 'admin',
    params: idParams,
    body: courseUpdateSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const { id } = ctx.input.params;
      const input = ctx.input.body;
      if (!(await Course.query(db).findById(id))) throw notFound(COURSE_NOT_FOUND);
      const changes: Partial<Course> = { updatedAt: Date.now() };
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.price !== undefined) changes.price = input.price;
      if (input.thumbnail !== undefined) changes.thumbnail = input.thumbnail;
      if (input.salesVideoId !== undefined) changes.salesVideoId = input.salesVideoId;
      await Course.query(db).patch(changes).where({ id });
      const [course] = await coursesWithTotals(db, id);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      ctx.body = presentCourseSummary(course);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/courses/:id',
    access: 'admin',
    params: idParams,
    async handler(ctx) {
      // Modules, enrollments, progress and comments go with the course; certificates stay valid
      // (their course id becomes null, the names were copied when they were issued). The
      // enrollments go by statement first: MySQL fires no trigger for a cascade, and triggers
      // take the course off each learner's dashboard figures (db/enrolledProgress.ts). Those
      // figures are locked by the learners' progress reports too, in another order: run again
      // once if MySQL picks this as a deadlock's victim.
      const { id } = ctx.input.params;
      const deleted = await retryOnDeadlock(() =>
        ctx.deps.db.transaction(async (trx) => {
          await trx('enrollments').where({ courseId: id }).delete();
          return Course.query(trx).deleteById(id);
        }),
      );
      if (!deleted) throw notFound(COURSE_NOT_FOUND);
      ctx.body = { message: 'Course deleted' };
    },
  });
}
