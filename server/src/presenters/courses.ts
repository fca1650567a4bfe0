import {
  DEFAULT_PASS_MARK,
  percentage,
  type AssignmentStepStatus,
  type CourseDetailDto,
  type CourseProgressFields,
  type CourseStepDto,
  type CourseSummaryDto,
  type EnrollmentRecordDto,
  type ModuleDto,
  type ProgressDto,
} from '@atrium/common';
import type { CourseCompletion } from '../commands/recordProgress.ts';
import { dbBoolean, toIso, type DbBoolean } from '../db/knex.ts';
import type { Course } from '../models/Course.ts';
import { pricesOf } from '../models/coursePrices.ts';
import { cpdOf } from '../models/courseCpd.ts';
import type { Enrollment } from '../models/Enrollment.ts';
import type { Module } from '../models/Module.ts';
import type { Progress } from '../models/Progress.ts';
import type { CourseStep } from '../models/quizSteps.ts';

/** Aggregates come back as numbers or strings depending on the driver. */
type DbNumber = number | string | null;

export type CourseWithTotals = Pick<Course, 'id' | 'title' | 'description' | 'price' | 'thumbnail' | 'salesVideoId'> &
  Partial<Pick<Course, 'priceUsd' | 'priceEur' | 'cpdQuarterHours' | 'ceuHundredths' | 'cpdStandards'>> & {
    totalModules: DbNumber;
    totalDuration: DbNumber;
    validityMonths?: number | null;
    requiresWatching?: DbBoolean;
    /** Knowledge checks not deleted (issue 36): each is a step beside the modules. */
    totalQuizzes?: number;
    /** Assignments not deleted (issue 37): steps too. */
    totalAssignments?: number;
  };

/** One of the viewer's progress rows, attached to the module (and so the course) it belongs to now. */
export interface ProgressEntry {
  id: number;
  moduleId: number;
  courseId: number;
  moduleTitle: string;
  watchedDuration: DbNumber;
  isCompleted: DbBoolean;
  updatedAt: DbNumber;
}

/** What the signed-in caller may see of one course. */
/** What the database says about the caller and a course; the policy adds whether videos show (CourseViewer). */
export type CourseStanding = Omit<CourseViewer, 'showVideo'>;

export interface CourseViewer {
  isEnrolled: boolean;
  /** Enrolled learners and admins get the Vimeo id and hash. */
  showVideo: boolean;
  entries: ProgressEntry[];
  /** Set when the enrollment comes from the caller's school licence. */
  schoolName?: string | null;
}

export function presentCourseSummary(course: CourseWithTotals): CourseSummaryDto {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    price: Number(course.price),
    thumbnail: course.thumbnail,
    salesVideoId: course.salesVideoId,
    totalModules: Number(course.totalModules ?? 0),
    totalDuration: Number(course.totalDuration ?? 0),
    prices: pricesOf(course),
    ...(course.validityMonths ? { validityMonths: Number(course.validityMonths) } : {}),
    ...(dbBoolean(course.requiresWatching) ? { requiresWatching: true } : {}),
    // Only courses with quizzes or assignments say it, so a course without either answers exactly as before.
    ...(course.totalQuizzes || course.totalAssignments
      ? { totalSteps: Number(course.totalModules ?? 0) + (course.totalQuizzes ?? 0) + (course.totalAssignments ?? 0) }
      : {}),
    ...cpdOf(course),
  };
}

const catalogueSummaries = new WeakMap<object, CourseSummaryDto>();

/**
 * A catalogue course's summary, presented once per catalogue load: every load makes new totals
 * objects, so the WeakMap forgets a stale summary with its catalogue (GET /api/courses serves
 * these on every landing-page visit).
 */
export function catalogueSummary(totals: Readonly<CourseWithTotals>): CourseSummaryDto {
  let summary = catalogueSummaries.get(totals);
  if (!summary) {
    summary = presentCourseSummary(totals);
    catalogueSummaries.set(totals, summary);
  }
  return summary;
}

export function presentModule(module: Module, options: { showVideo: boolean; isCompleted: boolean }): ModuleDto {
  const dto: ModuleDto = {
    id: module.id,
    courseId: module.courseId,
    title: module.title,
    description: module.description,
    duration: Number(module.duration),
    orderIndex: Number(module.orderIndex),
    isCompleted: options.isCompleted,
    kind: 'video',
  };
  if (options.showVideo) {
    dto.vimeoVideoId = module.vimeoVideoId;
    dto.vimeoHash = module.vimeoHash;
  }
  return dto;
}

export function presentModules(modules: readonly Module[], viewer: CourseViewer): ModuleDto[] {
  const completed = completedModuleIds(viewer);
  return modules.map((module) => presentModule(module, { showVideo: viewer.showVideo, isCompleted: completed.has(module.id) }));
}

const completedModuleIds = (viewer: CourseViewer): Set<number> =>
  new Set(viewer.isEnrolled ? viewer.entries.filter((entry) => dbBoolean(entry.isCompleted)).map((entry) => entry.moduleId) : []);

/** A learner's progress on one course they are enrolled in, summed up (kept in course_progress for the dashboard). */
export interface CourseProgressTotals {
  courseId: number;
  completedModules: number;
  watchedSeconds: number;
  /** The module reported on last (latest updatedAt, then highest progress id). */
  lastWatchedModule: { id: number; title: string } | null;
}

export const NOT_ENROLLED: Readonly<CourseProgressFields> = Object.freeze({
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
});

/** Steps beside the videos: a course's quizzes and assignments, and how many of each the learner has done. */
export interface OtherSteps {
  totalQuizzes?: number;
  totalAssignments?: number;
}

/** The card fields of an enrolled course: the one place the percentage is worked out. */
export function presentEnrolledProgress(
  totals: Pick<CourseProgressTotals, 'completedModules' | 'lastWatchedModule'> & { passedQuizzes?: number; completedAssignments?: number },
  totalModules: number,
  others: OtherSteps = {},
): CourseProgressFields {
  // Progress rows are counted in SQL while the module count comes from the catalogue, which may
  // not know yet of a module just added through another instance: never more than 100 %.
  const completedModules = Math.min(totals.completedModules, totalModules);
  const totalQuizzes = others.totalQuizzes ?? 0;
  const totalAssignments = others.totalAssignments ?? 0;
  if (totalQuizzes === 0 && totalAssignments === 0)
    return {
      isEnrolled: true,
      completedModules,
      progressPercentage: percentage(completedModules, totalModules),
      lastWatchedModule: totals.lastWatchedModule,
    };
  // A passed quiz (issue 36) and a completed assignment (issue 37) are completed steps;
  // completedModules stays videos only.
  const completedSteps = completedModules + Math.min(totals.passedQuizzes ?? 0, totalQuizzes) + Math.min(totals.completedAssignments ?? 0, totalAssignments);
  return {
    isEnrolled: true,
    completedModules,
    progressPercentage: percentage(completedSteps, totalModules + totalQuizzes + totalAssignments),
    completedSteps,
    lastWatchedModule: totals.lastWatchedModule,
  };
}

/**
 * Progress is shown only while enrolled: an admin unenrolling someone hides it, enrolling them
 * again brings it back, and the entries must already be limited to the course's modules.
 */
export function presentCourseProgress(
  isEnrolled: boolean,
  totalModules: number,
  entries: ProgressEntry[],
  quizzes: { total: number; passed: number } = { total: 0, passed: 0 },
  assignments: { total: number; completed: number } = { total: 0, completed: 0 },
): CourseProgressFields {
  if (!isEnrolled) return { ...NOT_ENROLLED };
  const completedModules = entries.filter((entry) => dbBoolean(entry.isCompleted)).length;
  let latest: ProgressEntry | null = null;
  for (const entry of entries) {
    const newer =
      latest === null || Number(entry.updatedAt) > Number(latest.updatedAt) || (Number(entry.updatedAt) === Number(latest.updatedAt) && entry.id > latest.id);
    if (newer) latest = entry;
  }
  return presentEnrolledProgress(
    {
      completedModules,
      passedQuizzes: quizzes.passed,
      completedAssignments: assignments.completed,
      lastWatchedModule: latest ? { id: latest.moduleId, title: latest.moduleTitle } : null,
    },
    totalModules,
    { totalQuizzes: quizzes.total, totalAssignments: assignments.total },
  );
}

/** The caller's best score and pass per quiz of a course (empty for visitors). */
export type QuizStanding = ReadonlyMap<number, { bestScore: number; passed: boolean }>;

/** The caller's standing per assignment of a course (empty for visitors). */
export type AssignmentStanding = ReadonlyMap<number, { status: AssignmentStepStatus; completed: boolean }>;

export function presentCourseDetail(
  course: Course,
  modules: readonly Module[],
  viewer: CourseViewer,
  quizzes: { steps: readonly CourseStep[]; finalQuizId: number | null; results: QuizStanding; assignmentResults?: AssignmentStanding } = {
    steps: [],
    finalQuizId: null,
    results: new Map(),
  },
): CourseDetailDto {
  const quizSteps = quizzes.steps.flatMap((step) => (step.kind === 'quiz' ? [step.quiz] : []));
  const assignmentSteps = quizzes.steps.flatMap((step) => (step.kind === 'assignment' ? [step.assignment] : []));
  const summary = presentCourseSummary({
    ...course,
    totalModules: modules.length,
    totalDuration: modules.reduce((sum, module) => sum + Number(module.duration), 0),
    totalQuizzes: quizSteps.length,
    totalAssignments: assignmentSteps.length,
  });
  const presented = presentModules(modules, viewer);
  const moduleDtos = new Map(presented.map((module) => [module.id, module]));
  const quizRequired = dbBoolean(course.quizRequired);
  // Only an enrolled learner's results count as progress (an admin's own tries do not).
  const results: QuizStanding = viewer.isEnrolled ? quizzes.results : new Map();
  const passed = quizSteps.filter((quiz) => results.get(quiz.id)?.passed).length;
  const assignmentResults: AssignmentStanding = viewer.isEnrolled ? (quizzes.assignmentResults ?? new Map()) : new Map();
  const completedAssignments = assignmentSteps.filter((assignment) => assignmentResults.get(assignment.id)?.completed).length;
  const videoStep = (module: ModuleDto): CourseStepDto => ({
    kind: 'video',
    id: module.id,
    title: module.title,
    isCompleted: module.isCompleted,
    duration: module.duration,
  });
  const steps: CourseStepDto[] = quizzes.steps.length
    ? quizzes.steps.map((step) => {
        if (step.kind === 'video') return videoStep(moduleDtos.get(Number(step.module.id))!);
        if (step.kind === 'assignment') {
          const standing = assignmentResults.get(step.assignment.id);
          return {
            kind: 'assignment',
            id: step.assignment.id,
            title: step.assignment.title,
            isCompleted: standing?.completed ?? false,
            status: standing?.status ?? 'not_started',
            approvalRequired: step.assignment.approvalRequired,
          };
        }
        const result = results.get(step.quiz.id);
        return {
          kind: 'quiz',
          id: step.quiz.id,
          title: step.quiz.title,
          isCompleted: result?.passed ?? false,
          questionCount: step.quiz.questionCount,
          bestScore: result?.bestScore ?? null,
          requiredForCertificate: quizRequired && step.quiz.id === quizzes.finalQuizId,
        };
      })
    : presented.map(videoStep);
  return {
    ...summary,
    ...presentCourseProgress(
      viewer.isEnrolled,
      modules.length,
      viewer.entries,
      { total: quizSteps.length, passed },
      { total: assignmentSteps.length, completed: completedAssignments },
    ),
    modules: presented,
    steps,
    passMark: Number(course.passMark ?? DEFAULT_PASS_MARK),
    quizRequired,
    schoolName: viewer.schoolName ?? null,
  };
}

/** A module nobody has reported on yet reads as all zeros. */
export function presentProgress(
  module: Pick<Module, 'id' | 'courseId'>,
  progress: Pick<Progress, 'watchedDuration' | 'playedSeconds' | 'position' | 'isCompleted'> | null | undefined,
  completion: CourseCompletion,
): ProgressDto {
  return {
    moduleId: module.id,
    courseId: module.courseId,
    watchedDuration: Number(progress?.watchedDuration ?? 0),
    playedSeconds: Number(progress?.playedSeconds ?? 0),
    position: Number(progress?.position ?? 0),
    isCompleted: dbBoolean(progress?.isCompleted),
    courseCompleted: completion.courseCompleted,
    certificateNumber: completion.certificateNumber,
    ...(completion.quizPending ? { quizPending: true } : {}),
    ...(completion.assignmentsPending ? { assignmentsPending: true } : {}),
  };
}

export function presentEnrollment(enrollment: Pick<Enrollment, 'id' | 'userId' | 'courseId' | 'enrolledAt'>): EnrollmentRecordDto {
  return {
    id: enrollment.id,
    userId: enrollment.userId,
    courseId: enrollment.courseId,
    enrolledAt: toIso(enrollment.enrolledAt)!,
  };
}
