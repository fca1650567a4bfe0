import type { Currency, PriceList } from '../rules/currency.ts';
import type { CourseStepDto, FinalQuizResultDto } from './quizzes.ts';

export interface ModuleDto {
  id: number;
  courseId: number;
  title: string;
  description: string;
  /** Present only for enrolled learners and admins. */
  vimeoVideoId?: string;
  /** Private-link hash of an unlisted Vimeo video, when there is one. */
  vimeoHash?: string | null;
  /** Seconds. */
  duration: number;
  orderIndex: number;
  isCompleted: boolean;
  /** Always 'video' when sent: course steps (issue 36) tell videos from quizzes by `kind`. */
  kind?: 'video';
}

/** A course in a list (GET /api/courses, the dashboard). */
export interface CourseSummaryDto {
  id: number;
  title: string;
  description: string;
  /** Integer pence. */
  price: number;
  thumbnail: string | null;
  salesVideoId: string | null;
  totalModules: number;
  /** Sum of module durations, seconds. */
  totalDuration: number;
  /**
   * Net price per currency offered, integer minor units; GBP equals `price`. The server always
   * sends it; readers fall back to `{GBP: price}` (priceIn), so it is optional in the type.
   */
  prices?: PriceList;
  /** Months a certificate stays current; absent when it never expires. */
  validityMonths?: number;
  /** "Completion requires watching": a module is completed only once 90 % was played (issue 36). */
  requiresWatching?: boolean;
  /** Modules + knowledge checks (issue 36). */
  totalSteps?: number;
  /** CPD hours a completion is worth, to a quarter hour (issue 59); absent when not set. */
  cpdHours?: number;
  /** Continuing education units, to a hundredth; absent when not set. */
  ceus?: number;
  /** Standards or frameworks the course maps to (free text); absent when none. */
  cpdStandards?: string[];
}

export interface CourseProgressFields {
  isEnrolled: boolean;
  /** Video modules only. */
  completedModules: number;
  /** Counts quizzes as steps: a quiz step is complete once passed. */
  progressPercentage: number;
  /** Completed modules + passed quizzes. */
  completedSteps?: number;
  lastWatchedModule: { id: number; title: string } | null;
}

export type DashboardCourseDto = CourseSummaryDto & CourseProgressFields;

/** GET /api/courses/:id */
export interface CourseDetailDto extends CourseSummaryDto, CourseProgressFields {
  /** Video modules only, so clients that ignore `steps` keep working. */
  modules: ModuleDto[];
  /** Videos and quizzes in order: a quiz right after its `afterModuleId` module, `null` ones last. */
  steps: CourseStepDto[];
  /** Percent 1–100 a quiz attempt needs to pass. */
  passMark: number;
  /** The certificate requires passing the final quiz (when the course has one). */
  quizRequired: boolean;
  /** The school whose licence gives the caller access ("Access through St Mary's Primary"). */
  schoolName?: string | null;
  /** The currency the caller is shown prices in (their choice, else from Accept-Language). */
  currency?: Currency;
}

export interface DashboardStatsDto {
  overallProgress: number;
  enrolledCourses: number;
  completedModules: number;
  /** Hours, one decimal. */
  totalWatchTime: number;
}

export interface DashboardDto {
  courses: DashboardCourseDto[];
  stats: DashboardStatsDto;
  /** The currency the learner is shown prices in. */
  currency?: Currency;
}

/**
 * What a learner actually played of a course (issue 36), for the admin and the school's managers:
 * SPEC's watchedDuration is the whole duration once a module is marked complete, so this reads
 * the seconds the player reported instead.
 */
export interface WatchingDto {
  /** Distinct seconds played, summed over the course's modules. */
  playedSeconds: number;
  /** The course's total duration in seconds. */
  durationSeconds: number;
  /** Completed modules with less than 90 % of their video played: marked complete without watching. */
  completedWithoutPlaying: number;
}

/** One module of a learner's course with what they played of it (the admin's student page). */
export interface ModuleWatchingDto {
  moduleId: number;
  title: string;
  durationSeconds: number;
  playedSeconds: number;
  isCompleted: boolean;
  /** Completed with less than 90 % of the video played. */
  completedWithoutPlaying: boolean;
}

/** GET /api/admin/students/:id/watching: per enrolled course, the course's figures and each module's. */
export interface CourseWatchingDto extends WatchingDto {
  courseId: number;
  modules: ModuleWatchingDto[];
}

export interface EnrollmentDto {
  id: number;
  userId: number;
  courseId: number;
  courseTitle: string;
  enrolledAt: string;
  totalModules: number;
  completedModules: number;
  progressPercentage: number;
  /** Only in the admin list of all enrollments, where the student is not otherwise known. */
  userEmail?: string;
  /** On a student's page on /admin, for a course with a quiz only (issue 36). */
  finalQuiz?: FinalQuizResultDto;
}

/** POST /api/enrollments: 201 when the enrollment was created, 200 when it already existed. */
export interface EnrollmentRecordDto {
  id: number;
  userId: number;
  courseId: number;
  enrolledAt: string;
}

export interface ProgressDto {
  moduleId: number;
  courseId: number;
  /** SPEC's figure: the whole duration once the module was marked complete. */
  watchedDuration: number;
  /** Distinct seconds actually played (issue 36): never raised by Mark as Complete. */
  playedSeconds: number;
  position: number;
  isCompleted: boolean;
  /** True once every module of the course is complete. */
  courseCompleted: boolean;
  /** Null while a required final quiz is not passed. */
  certificateNumber: string | null;
  /** Every module is complete but the required final quiz is not passed yet. */
  quizPending?: boolean;
  /** Every module is complete (and the quiz when required) but an assignment is not yet (issue 37). */
  assignmentsPending?: boolean;
}
