import { notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { liveQuiz, type LiveQuiz } from '../queries/quizzes.ts';
import type { Db } from '../db/knex.ts';
import { requireCourseView } from './courseAccess.ts';

interface PolicyContext<Input> {
  state: { user: User | null; quiz?: LiveQuiz };
  deps: { db: Db };
  input: Input;
}

/**
 * `/api/quizzes/:id` and its attempts: a quiz goes with the course's videos, so the learners who
 * may watch them (enrolled, which a school's licence does for its staff) and admins may take it.
 * Unknown or deleted quiz: 404; signed out: 401; no access to the course: 403. Leaves the quiz
 * on `ctx.state` for the handler.
 */
export async function quizTaker(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const quiz = await liveQuiz(ctx.deps.db, ctx.input.params.id);
  if (!quiz) throw notFound('Quiz not found');
  await requireCourseView(ctx.deps.db, user, Number(quiz.quiz.courseId), 'quiz');
  ctx.state.quiz = quiz;
}
