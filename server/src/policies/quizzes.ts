import { notEnrolled, notFound, unauthorized } from '../errors.ts';
import type { User } from '../models/User.ts';
import { isEnrolled } from '../queries/enrollments.ts';
import { liveQuiz, type LiveQuiz } from '../queries/quizzes.ts';
import type { Db } from '../db/knex.ts';
import { canAccessCourseContent } from './index.ts';

interface PolicyContext<Input> {
  state: { user: User | null; quiz?: LiveQuiz; enrolled?: boolean };
  deps: { db: Db };
  input: Input;
}

/**
 * `/api/quizzes/:id` and its attempts: a quiz goes with the course's videos, so the learners who
 * may watch them (enrolled, which a school's licence does for its staff) and admins may take it.
 * Unknown or deleted quiz: 404; signed out: 401; no access to the course: 403. Leaves the quiz
 * and the caller's enrollment on `ctx.state` for the handler.
 */
export async function quizTaker(ctx: PolicyContext<{ params: { id: number } }>): Promise<void> {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  const quiz = await liveQuiz(ctx.deps.db, ctx.input.params.id);
  if (!quiz) throw notFound('Quiz not found');
  const enrolled = await isEnrolled(ctx.deps.db, user.id, Number(quiz.quiz.courseId));
  if (!canAccessCourseContent(user, enrolled)) throw notEnrolled('Enroll in this course to take its knowledge checks');
  ctx.state.quiz = quiz;
  ctx.state.enrolled = enrolled;
}
