import { DEFAULT_PASS_MARK, idParams, quizAttemptSchema, type QuizAttemptResultDto } from '@atrium/common';
import { submitAttempt } from '../../../commands/quizzes.ts';
import { dbBoolean } from '../../../db/knex.ts';
import { quizTaker } from '../../../policies/quizzes.ts';
import { presentAttempt, presentQuiz } from '../../../presenters/quizzes.ts';
import { attemptById, attemptsOf, quizResultOf, type LiveQuiz } from '../../../queries/quizzes.ts';
import type { Routes } from '../../define.ts';

const takenQuiz = (state: object): LiveQuiz => (state as { quiz?: LiveQuiz }).quiz!;

/** Taking a knowledge check (issue 36): the questions without their answers, attempts graded here. */
export function quizRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/quizzes/:id',
    access: 'user',
    cache: 'private, no-store',
    params: idParams,
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      const courseId = Number(live.quiz.courseId);
      const [entry, result] = await Promise.all([ctx.deps.catalogue.course(courseId), quizResultOf(ctx.deps.db, ctx.state.user.id, live.quiz.id)]);
      const course = entry?.course;
      ctx.body = presentQuiz({
        quiz: live.quiz,
        courseTitle: course?.title ?? '',
        passMark: Number(course?.passMark ?? DEFAULT_PASS_MARK),
        requiredForCertificate: Boolean(course && dbBoolean(course.quizRequired) && entry?.finalQuiz?.id === Number(live.quiz.id)),
        questions: live.questions,
        result,
      });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/quizzes/:id/attempts',
    access: 'user',
    params: idParams,
    body: quizAttemptSchema,
    rateLimit: { limit: 'quizAttempt', by: 'user' },
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      const submitted = await submitAttempt(ctx.deps.db, {
        userId: ctx.state.user.id,
        quizId: Number(live.quiz.id),
        answers: ctx.input.body.answers,
        now: ctx.deps.clock.now().getTime(),
      });
      const attempt = await attemptById(ctx.deps.db, submitted.attemptId);
      ctx.status = 201;
      ctx.body = {
        attempt: presentAttempt(attempt!),
        bestScore: submitted.bestScore,
        passed: submitted.passed,
        courseCompleted: submitted.courseCompleted,
        certificateNumber: submitted.certificateNumber,
      } satisfies QuizAttemptResultDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/quizzes/:id/attempts',
    access: 'user',
    cache: 'private, no-store',
    params: idParams,
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      ctx.body = { attempts: (await attemptsOf(ctx.deps.db, ctx.state.user.id, Number(live.quiz.id))).map(presentAttempt) };
    },
  });
}
