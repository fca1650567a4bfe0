import type { CourseDetailDto, CourseStepDto as ServerStepDto } from '@atrium/common';
import { courseRequirements, remainingSentence } from '@atrium/common/rules/courseRequirements';
import type { AssignmentStepDto } from '../api/assignmentTypes.ts';
import { sortModules } from './moduleOrder.ts';

/** A step of a course: a video, a knowledge check (issue 36) or an assignment (issue 37). */
export type CourseStepDto = ServerStepDto | AssignmentStepDto;

const STEP_PATHS: Record<CourseStepDto['kind'], string> = { video: 'modules', quiz: 'quizzes', assignment: 'assignments' };

/**
 * A course's steps in order: its videos and knowledge checks (issue 36). The server sends them
 * as `steps`; an answer without them (a server from before quizzes) is the modules alone.
 */
export function courseSteps(course: Pick<CourseDetailDto, 'modules'> & { steps?: readonly CourseStepDto[] }): CourseStepDto[] {
  if (course.steps) return [...course.steps];
  return sortModules(course.modules).map((module) => ({
    kind: 'video' as const,
    id: module.id,
    title: module.title,
    isCompleted: module.isCompleted,
    duration: module.duration,
  }));
}

/** Where a step opens: a module's player, a quiz's page or an assignment's page. */
export const stepHref = (courseId: number | string, step: Pick<CourseStepDto, 'kind' | 'id'>) => `/courses/${courseId}/${STEP_PATHS[step.kind]}/${step.id}`;

/** The position of a step (a module or a quiz) among the course's steps; -1 when it is not one. */
export const stepIndex = (steps: CourseStepDto[], kind: CourseStepDto['kind'], id: number | string) =>
  steps.findIndex((step) => step.kind === kind && String(step.id) === String(id));

/** Where Start/Continue goes: the first step not done yet, else the first one. */
export const firstIncompleteStep = (steps: CourseStepDto[]): CourseStepDto | undefined => steps.find((step) => !step.isCompleted) ?? steps[0];

/** The final quiz when passing it is required for the certificate (CONTRACT: the last quiz in step order). */
export function requiredQuiz(steps: CourseStepDto[]): Extract<CourseStepDto, { kind: 'quiz' }> | undefined {
  const quiz = steps.findLast((step) => step.kind === 'quiz');
  return quiz?.kind === 'quiz' && quiz.requiredForCertificate ? quiz : undefined;
}

/**
 * Every video is done but the required final quiz is not passed: the certificate waits for it
 * (the module page and the course page say so, with a link to the quiz).
 */
export function pendingQuiz(steps: CourseStepDto[]): Extract<CourseStepDto, { kind: 'quiz' }> | undefined {
  const quiz = requiredQuiz(steps);
  if (!quiz || quiz.isCompleted) return undefined;
  return steps.every((step) => step.kind === 'quiz' || step.isCompleted) ? quiz : undefined;
}

/** Every assignment of the course is complete (approved, or sent when no approval is needed); true without any. */
export const assignmentsDone = (steps: CourseStepDto[]) => steps.every((step) => step.kind !== 'assignment' || step.isCompleted);

/** "Module 4 of 6" counts the quizzes too; the steps' completed count as the server gives it, else counted. */
export function stepCounts(course: CourseDetailDto, steps: CourseStepDto[]): { completed: number; total: number } {
  return {
    completed: course.completedSteps ?? steps.filter((step) => step.isCompleted).length,
    total: course.totalSteps ?? steps.length,
  };
}

/**
 * What the course still asks for the certificate, in a sentence (common/rules/courseRequirements),
 * with `justDone` counted as done already: a page that has just finished a step says what is left
 * before the course's refetch arrives. Empty when nothing is left.
 */
export function whatIsLeft(steps: readonly CourseStepDto[], justDone?: Pick<CourseStepDto, 'kind' | 'id'>): string {
  const done = (step: CourseStepDto) => justDone !== undefined && step.kind === justDone.kind && step.id === justDone.id;
  return remainingSentence(courseRequirements(steps.map((step) => (done(step) && step.kind !== 'assignment' ? { ...step, isCompleted: true } : step))));
}
