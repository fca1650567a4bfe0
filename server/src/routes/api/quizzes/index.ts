import {
  DEFAULT_PASS_MARK,
  idParams,
  quizAttemptResultDtoSchema,
  quizAttemptSchema,
  quizAttemptsDtoSchema,
  quizDtoSchema,
  type QuizAttemptResultDto,
  type QuizAttemptsDto,
} from '@atrium/common';
import { drawForAttempt, retryOpensFor, submitAttempt } from '../../../commands/quizzes.ts';
import { dbBoolean } from '../../../db/knex.ts';
import { quizTaker } from '../../../policies/quizzes.ts';
import { presentAttempt, presentQuiz, presentRetry } from '../../../presenters/quizzes.ts';
import { attemptById, attemptsOf, drawSettingsOf, quizResultOf, type LiveQuiz } from '../../../queries/quizzes.ts';
import type { Routes } from '../../define.ts';

const takenQuiz = (state: object): LiveQuiz => (state as { quiz?: LiveQuiz }).quiz!;

/**
 * Taking a knowledge check (issue 36, issue 50 item 4): the questions drawn for the caller's next
 * attempt without their answers, attempts graded here against what was served, the key only
 * once the caller has passed.
 */
export function quizRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/quizzes/:id',
    access: 'user',
    answer: { body: quizDtoSchema },
    cache: 'private, no-store',
    params: idParams,
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      const courseId = Number(live.quiz.courseId);
      const userId = ctx.state.user.id;
      const now = ctx.now();
      const [entry, result, opens] = await Promise.all([
        ctx.deps.catalogue.course(courseId),
        quizResultOf(ctx.deps.db, userId, live.quiz.id),
        retryOpensFor(ctx.deps.db, userId, live, now),
      ]);
      // While the wait after a failed attempt runs, nothing is drawn: the next questions are
      // neither shown nor fixed before the attempt may be made.
      const questions = opens === null ? await drawForAttempt(ctx.deps.db, userId, live, now) : [];
      const course = entry?.course;
      ctx.body = presentQuiz({
        quiz: live.quiz,
        courseTitle: course?.title ?? '',
        passMark: Number(course?.passMark ?? DEFAULT_PASS_MARK),
        requiredForCertificate: Boolean(course && dbBoolean(course.quizRequired) && entry?.finalQuiz?.id === Number(live.quiz.id)),
        questions,
        result,
        retryWaitMinutes: drawSettingsOf(live.quiz).retryWaitMinutes,
        retry: presentRetry(opens, now),
      });
    },
  });

  routes.add({
    method: 'post',
    path: '/api/quizzes/:id/attempts',
    access: 'user',
    answer: { status: 201, body: quizAttemptResultDtoSchema },
    params: idParams,
    body: quizAttemptSchema,
    rateLimit: { limit: 'quizAttempt', by: 'user' },
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      const now = ctx.now();
      const submitted = await submitAttempt(ctx.deps.db, {
        userId: ctx.state.user.id,
        quizId: Number(live.quiz.id),
        answers: ctx.input.body.answers,
        now,
      });
      const attempt = await attemptById(ctx.deps.db, submitted.attemptId);
      ctx.status = 201;
      ctx.body = {
        // The key once the learner has passed (this attempt or an earlier one), never before.
        attempt: presentAttempt(attempt!, submitted.passed),
        bestScore: submitted.bestScore,
        passed: submitted.passed,
        courseCompleted: submitted.courseCompleted,
        certificateNumber: submitted.certificateNumber,
        ...presentRetry(submitted.retryOpensAt, now),
      } satisfies QuizAttemptResultDto;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/quizzes/:id/attempts',
    access: 'user',
    answer: { body: quizAttemptsDtoSchema },
    cache: 'private, no-store',
    params: idParams,
    policy: quizTaker,
    async handler(ctx) {
      const live = takenQuiz(ctx.state);
      const userId = ctx.state.user.id;
      const [attempts, result] = await Promise.all([attemptsOf(ctx.deps.db, userId, Number(live.quiz.id)), quizResultOf(ctx.deps.db, userId, live.quiz.id)]);
      const keyShown = result?.passed ?? false;
      ctx.body = { attempts: attempts.map((attempt) => presentAttempt(attempt, keyShown)) } satisfies QuizAttemptsDto;
    },
  });
}
