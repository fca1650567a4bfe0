import { idParams, quizEditDtoSchema, quizInputSchema, quizParams, quizSummariesDtoSchema, type QuizSummariesDto } from '@atrium/common';
import { createQuiz, deleteQuiz, updateQuiz } from '../../../commands/quizzes.ts';
import { dbBoolean } from '../../../db/knex.ts';
import { notFound } from '../../../errors.ts';
import { presentQuizEdit, presentQuizSummary } from '../../../presenters/quizzes.ts';
import { attemptCountOf, courseQuiz, drawSettingsOf, quizResultsForCourse } from '../../../queries/quizzes.ts';
import type { AppDeps } from '../../../context.ts';
import type { Routes } from '../../define.ts';

async function editAnswer(deps: AppDeps, courseId: number, quizId: number) {
  const [live, attempts] = await Promise.all([courseQuiz(deps.db, courseId, quizId), attemptCountOf(deps.db, quizId)]);
  if (!live) throw notFound('Quiz not found');
  return presentQuizEdit(live.quiz, drawSettingsOf(live.quiz), live.questions, attempts);
}

/** A course's knowledge checks: the list anyone may see, and the admin's editing (issue 36). */
export function courseQuizRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/courses/:id/quizzes',
    access: 'public',
    answer: { body: quizSummariesDtoSchema },
    cache: 'private, no-store',
    params: idParams,
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      const user = ctx.state.user;
      const [entry, results] = await Promise.all([
        ctx.deps.catalogue.course(courseId),
        user ? quizResultsForCourse(ctx.deps.db, user.id, courseId) : new Map<number, { bestScore: number; passed: boolean }>(),
      ]);
      if (!entry) throw notFound('Course not found');
      const required = dbBoolean(entry.course.quizRequired);
      ctx.body = {
        quizzes: entry.quizzes.map((quiz) => presentQuizSummary(quiz, required && quiz.id === entry.finalQuiz?.id, results.get(quiz.id))),
      } satisfies QuizSummariesDto;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/courses/:id/quizzes',
    access: 'admin',
    answer: { status: 201, body: quizEditDtoSchema },
    params: idParams,
    body: quizInputSchema,
    async handler(ctx) {
      const courseId = ctx.input.params.id;
      const quizId = await createQuiz(ctx.deps, courseId, ctx.input.body);
      ctx.status = 201;
      ctx.body = await editAnswer(ctx.deps, courseId, quizId);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/courses/:id/quizzes/:quizId',
    access: 'admin',
    answer: { body: quizEditDtoSchema },
    cache: 'private, no-store',
    params: quizParams,
    async handler(ctx) {
      ctx.body = await editAnswer(ctx.deps, ctx.input.params.id, ctx.input.params.quizId);
    },
  });

  routes.add({
    method: 'put',
    path: '/api/courses/:id/quizzes/:quizId',
    access: 'admin',
    answer: { body: quizEditDtoSchema },
    params: quizParams,
    body: quizInputSchema,
    async handler(ctx) {
      const { id: courseId, quizId } = ctx.input.params;
      await updateQuiz(ctx.deps, courseId, quizId, ctx.input.body);
      ctx.body = await editAnswer(ctx.deps, courseId, quizId);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/courses/:id/quizzes/:quizId',
    access: 'admin',
    answer: { status: 204 },
    params: quizParams,
    async handler(ctx) {
      await deleteQuiz(ctx.deps, ctx.input.params.id, ctx.input.params.quizId);
      ctx.status = 204;
    },
  });
}
