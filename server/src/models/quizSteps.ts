import type { Module } from './Module.ts';

/** A knowledge check as the catalogue keeps it (no questions: those are read per request). */
export interface CatalogueQuiz {
  id: number;
  courseId: number;
  title: string;
  afterModuleId: number | null;
  questionCount: number;
}

export type CourseStep = { kind: 'video'; module: Readonly<Module> } | { kind: 'quiz'; quiz: Readonly<CatalogueQuiz> };

/**
 * A course's steps in the order a learner meets them (QUIZ-CONTRACT.md): each module in display
 * order followed by the quizzes placed after it (by id), then the quizzes at the end. A quiz
 * placed after a module that no longer belongs to the course goes to the end, so it is never lost.
 */
export function orderSteps(modules: ReadonlyArray<Readonly<Module>>, quizzes: ReadonlyArray<Readonly<CatalogueQuiz>>): CourseStep[] {
  const byId = [...quizzes].sort((a, b) => a.id - b.id);
  const moduleIds = new Set(modules.map((module) => Number(module.id)));
  const after = new Map<number, CatalogueQuiz[]>();
  const atEnd: CatalogueQuiz[] = [];
  for (const quiz of byId) {
    if (quiz.afterModuleId !== null && moduleIds.has(quiz.afterModuleId)) {
      const list = after.get(quiz.afterModuleId);
      if (list) list.push(quiz);
      else after.set(quiz.afterModuleId, [quiz]);
    } else atEnd.push(quiz);
  }
  const steps: CourseStep[] = [];
  for (const module of modules) {
    steps.push({ kind: 'video', module });
    for (const quiz of after.get(Number(module.id)) ?? []) steps.push({ kind: 'quiz', quiz });
  }
  for (const quiz of atEnd) steps.push({ kind: 'quiz', quiz });
  return steps;
}
