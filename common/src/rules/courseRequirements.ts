/**
 * What a course still asks of a learner before the certificate (issue 53 item 4), worked out once
 * from the course's steps as the server sends them (CourseDetailDto.steps) and said the same way on
 * every page: the module page's toast, the knowledge check's result, the assignment page, the course
 * page. It follows the server's certificate gate (commands/courseCompletion.ts): every module
 * completed, the final knowledge check passed when the course requires it, and every assignment
 * complete (approved, or sent when it needs no approval).
 */
import type { AssignmentStepStatus } from '../api/assignments.ts';
import { counted } from './format.ts';

/** The fields of a course step this rule reads (CourseStepDto fits). */
export type RequirementStep =
  | { kind: 'video'; isCompleted: boolean }
  | { kind: 'quiz'; isCompleted: boolean; requiredForCertificate: boolean }
  | { kind: 'assignment'; isCompleted: boolean; status: AssignmentStepStatus; approvalRequired: boolean };

export interface CourseRequirements {
  /** Video modules not completed. */
  modulesLeft: number;
  /** Knowledge checks the certificate needs (the course's required final one) not passed yet. */
  quizzesToPass: number;
  /** Assignments not sent yet (not started, or a draft). */
  assignmentsToSubmit: number;
  /** Assignments sent back with changes requested. */
  assignmentsToRevise: number;
  /** Assignments sent and waiting for a reviewer's approval: nothing for the learner to do. */
  assignmentsAwaitingReview: number;
  /** Nothing is left: the certificate is (or is about to be) issued. */
  done: boolean;
}

/** What is left of a course for the certificate, counted from its steps. */
export function courseRequirements(steps: readonly RequirementStep[]): CourseRequirements {
  const left = { modulesLeft: 0, quizzesToPass: 0, assignmentsToSubmit: 0, assignmentsToRevise: 0, assignmentsAwaitingReview: 0 };
  for (const step of steps) {
    if (step.isCompleted) continue;
    if (step.kind === 'video') left.modulesLeft += 1;
    else if (step.kind === 'quiz') {
      if (step.requiredForCertificate) left.quizzesToPass += 1;
    } else if (step.status === 'changes_requested') left.assignmentsToRevise += 1;
    else if (step.status === 'submitted' || step.status === 'approved') left.assignmentsAwaitingReview += 1;
    else left.assignmentsToSubmit += 1;
  }
  const done = Object.values(left).every((count) => count === 0);
  return { ...left, done };
}

/** "a, b and c". */
export function listInWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/**
 * The sentence a learner reads about what is left: "To get your certificate, finish 2 more
 * modules and submit the assignment.", "Your assignment is waiting for review: your certificate
 * comes once it is approved." Empty when nothing is left.
 */
export function remainingSentence(left: CourseRequirements): string {
  if (left.done) return '';
  const todo = [
    ...(left.modulesLeft ? [`finish ${left.modulesLeft === 1 ? 'the last module' : `the ${left.modulesLeft} modules left`}`] : []),
    ...(left.quizzesToPass ? [left.quizzesToPass === 1 ? 'pass the final knowledge check' : `pass ${counted(left.quizzesToPass, 'knowledge check')}`] : []),
    ...(left.assignmentsToSubmit ? [`submit ${left.assignmentsToSubmit === 1 ? 'the assignment' : counted(left.assignmentsToSubmit, 'assignment')}`] : []),
    ...(left.assignmentsToRevise
      ? [`make the changes the reviewer asked for and send ${left.assignmentsToRevise === 1 ? 'your assignment' : 'your assignments'} again`]
      : []),
  ];
  const review = left.assignmentsAwaitingReview;
  const waiting = review === 1 ? 'Your assignment is waiting for review' : `${review} of your assignments are waiting for review`;
  if (todo.length === 0) return `${waiting}: your certificate comes once ${review === 1 ? 'it is' : 'they are'} approved.`;
  return `To get your certificate, ${listInWords(todo)}.${review ? ` ${waiting}.` : ''}`;
}

/** A step's kind in a learner's words: the line above a step's title, and in lists. */
export const STEP_KIND_LABELS = { video: 'Module', quiz: 'Knowledge check', assignment: 'Assignment' } as const;

/**
 * Where a step sits in its course, said the same way on every page. A course of videos only counts
 * modules ("Module 3 of 5"); once it has a knowledge check or an assignment, every step is a step
 * ("Step 6 of 7"), so a quiz is never called a module and the count matches the course's.
 */
export function stepPositionLabel(steps: ReadonlyArray<{ kind: RequirementStep['kind'] }>, index: number): string {
  const total = Math.max(steps.length, index + 1);
  return `${steps.every((step) => step.kind === 'video') ? 'Module' : 'Step'} ${index + 1} of ${total}`;
}

/** Progress counted in the unit the percentage uses: every step once a course has quizzes or assignments. */
export interface StepProgressFields {
  totalModules: number;
  completedModules: number;
  totalSteps?: number;
  completedSteps?: number;
}

export function stepProgress(course: StepProgressFields): { completed: number; total: number; unit: 'module' | 'step' } {
  if (course.totalSteps !== undefined && course.totalSteps > course.totalModules) {
    return { completed: course.completedSteps ?? course.completedModules, total: course.totalSteps, unit: 'step' };
  }
  return { completed: course.completedModules, total: course.totalModules, unit: 'module' };
}
