import type { Module } from './Module.ts';

/** A knowledge check as the catalogue keeps it (no questions: those are read per request). */
export interface CatalogueQuiz {
  id: number;
  courseId: number;
  title: string;
  afterModuleId: number | null;
  questionCount: number;
}

/** An assignment as the catalogue keeps it (issue 37; its instructions are read per request). */
export interface CatalogueAssignment {
  id: number;
  courseId: number;
  title: string;
  afterModuleId: number | null;
  approvalRequired: boolean;
}

export type CourseStep =
  | { kind: 'video'; module: Readonly<Module> }
  | { kind: 'quiz'; quiz: Readonly<CatalogueQuiz> }
  | { kind: 'assignment'; assignment: Readonly<CatalogueAssignment> };

/** Steps placed after a module (by module id) or at the end, each list by id. */
function placed<T extends { id: number; afterModuleId: number | null }>(items: readonly T[], moduleIds: ReadonlySet<number>) {
  const after = new Map<number, T[]>();
  const atEnd: T[] = [];
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    if (item.afterModuleId !== null && moduleIds.has(item.afterModuleId)) {
      const list = after.get(item.afterModuleId);
      if (list) list.push(item);
      else after.set(item.afterModuleId, [item]);
    } else atEnd.push(item);
  }
  return { after, atEnd };
}

/**
 * A course's steps in the order a learner meets them (QUIZ-CONTRACT.md, ASSIGN-CONTRACT.md): each
 * module in display order followed by the quizzes placed after it, then the assignments placed
 * after it (each by id); then the quizzes and assignments at the end. One placed after a module
 * that no longer belongs to the course goes to the end, so it is never lost.
 */
export function orderSteps(
  modules: ReadonlyArray<Readonly<Module>>,
  quizzes: ReadonlyArray<Readonly<CatalogueQuiz>>,
  assignments: ReadonlyArray<Readonly<CatalogueAssignment>> = [],
): CourseStep[] {
  const moduleIds = new Set(modules.map((module) => Number(module.id)));
  const quizPlaces = placed(quizzes, moduleIds);
  const assignmentPlaces = placed(assignments, moduleIds);
  const steps: CourseStep[] = [];
  for (const module of modules) {
    steps.push({ kind: 'video', module });
    for (const quiz of quizPlaces.after.get(Number(module.id)) ?? []) steps.push({ kind: 'quiz', quiz });
    for (const assignment of assignmentPlaces.after.get(Number(module.id)) ?? []) steps.push({ kind: 'assignment', assignment });
  }
  for (const quiz of quizPlaces.atEnd) steps.push({ kind: 'quiz', quiz });
  for (const assignment of assignmentPlaces.atEnd) steps.push({ kind: 'assignment', assignment });
  return steps;
}
