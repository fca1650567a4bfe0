import { z } from 'zod';
import { currencySchema, priceListSchema } from '../schemas/prices.ts';
import { courseStepDtoSchema, finalQuizResultDtoSchema } from './quizzes.ts';

/*
 * The answers of the catalogue, dashboard, enrollment and progress routes are zod schemas, each
 * type inferred from its schema: the API reference (GET /api/openapi.json) is made from the same
 * schemas, so the type the server sends and the documented shape cannot part.
 */

export const moduleDtoSchema = z
  .object({
    id: z.number(),
    courseId: z.number(),
    title: z.string(),
    description: z.string(),
    /** Present only for enrolled learners and admins. */
    vimeoVideoId: z.string().optional(),
    /** Private-link hash of an unlisted Vimeo video, when there is one. */
    vimeoHash: z.string().nullable().optional(),
    /** Seconds. */
    duration: z.number(),
    orderIndex: z.number(),
    isCompleted: z.boolean(),
    /** Always 'video' when sent: course steps (issue 36) tell videos from quizzes by `kind`. */
    kind: z.literal('video').optional(),
  })
  .meta({ id: 'ModuleDto' });
export type ModuleDto = z.infer<typeof moduleDtoSchema>;

const courseSummaryShape = {
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** Integer pence. */
  price: z.number(),
  thumbnail: z.string().nullable(),
  salesVideoId: z.string().nullable(),
  totalModules: z.number(),
  /** Sum of module durations, seconds. */
  totalDuration: z.number(),
  /**
   * Net price per currency offered, integer minor units; GBP equals `price`. The server always
   * sends it; readers fall back to `{GBP: price}` (priceIn), so it is optional in the type.
   */
  prices: priceListSchema.optional(),
  /** Months a certificate stays current; absent when it never expires. */
  validityMonths: z.number().optional(),
  /** "Completion requires watching": a module is completed only once 90 % was played (issue 36). */
  requiresWatching: z.boolean().optional(),
  /** Modules + knowledge checks (issue 36). */
  totalSteps: z.number().optional(),
  /** CPD hours a completion is worth, to a quarter hour (issue 59); absent when not set. */
  cpdHours: z.number().optional(),
  /** Continuing education units, to a hundredth; absent when not set. */
  ceus: z.number().optional(),
  /** Standards or frameworks the course maps to (free text); absent when none. */
  cpdStandards: z.array(z.string()).optional(),
};

/** A course in a list (GET /api/courses, the dashboard). */
export const courseSummaryDtoSchema = z.object(courseSummaryShape).meta({ id: 'CourseSummaryDto' });
export type CourseSummaryDto = z.infer<typeof courseSummaryDtoSchema>;

const courseProgressShape = {
  isEnrolled: z.boolean(),
  /** Video modules only. */
  completedModules: z.number(),
  /** Counts quizzes as steps: a quiz step is complete once passed. */
  progressPercentage: z.number(),
  /** Completed modules + passed quizzes. */
  completedSteps: z.number().optional(),
  lastWatchedModule: z.object({ id: z.number(), title: z.string() }).nullable(),
};
export type CourseProgressFields = z.infer<z.ZodObject<typeof courseProgressShape>>;

export const dashboardCourseDtoSchema = z.object({ ...courseSummaryShape, ...courseProgressShape }).meta({ id: 'DashboardCourseDto' });
export type DashboardCourseDto = z.infer<typeof dashboardCourseDtoSchema>;

/** GET /api/courses/:id */
export const courseDetailDtoSchema = z
  .object({
    ...courseSummaryShape,
    ...courseProgressShape,
    /** Video modules only, so clients that ignore `steps` keep working. */
    modules: z.array(moduleDtoSchema),
    /** Videos and quizzes in order: a quiz right after its `afterModuleId` module, `null` ones last. */
    steps: z.array(courseStepDtoSchema),
    /** Percent 1–100 a quiz attempt needs to pass. */
    passMark: z.number(),
    /** The certificate requires passing the final quiz (when the course has one). */
    quizRequired: z.boolean(),
    /** The school whose licence gives the caller access ("Access through St Mary's Primary"). */
    schoolName: z.string().nullable().optional(),
    /** The currency the caller is shown prices in (their choice, else from Accept-Language). */
    currency: currencySchema.optional(),
  })
  .meta({ id: 'CourseDetailDto' });
export type CourseDetailDto = z.infer<typeof courseDetailDtoSchema>;

export const dashboardStatsDtoSchema = z
  .object({
    overallProgress: z.number(),
    enrolledCourses: z.number(),
    completedModules: z.number(),
    /** Hours, one decimal. */
    totalWatchTime: z.number(),
  })
  .meta({ id: 'DashboardStatsDto' });
export type DashboardStatsDto = z.infer<typeof dashboardStatsDtoSchema>;

export const dashboardDtoSchema = z
  .object({
    courses: z.array(dashboardCourseDtoSchema),
    stats: dashboardStatsDtoSchema,
    /** The currency the learner is shown prices in. */
    currency: currencySchema.optional(),
  })
  .meta({ id: 'DashboardDto' });
export type DashboardDto = z.infer<typeof dashboardDtoSchema>;

/**
 * What a learner actually played of a course (issue 36), for the admin and the school's managers:
 * SPEC's watchedDuration is the whole duration once a module is marked complete, so this reads
 * the seconds the player reported instead.
 */
const watchingDtoShape = {
  /** Distinct seconds played, summed over the course's modules. */
  playedSeconds: z.number(),
  /** The course's total duration in seconds. */
  durationSeconds: z.number(),
  /** Completed modules with less than 90 % of their video played: marked complete without watching. */
  completedWithoutPlaying: z.number(),
};
export const watchingDtoSchema = z.object(watchingDtoShape).meta({ id: 'WatchingDto' });
export type WatchingDto = z.infer<typeof watchingDtoSchema>;

/** One module of a learner's course with what they played of it (the admin's student page). */
export const moduleWatchingDtoSchema = z
  .object({
    moduleId: z.number(),
    title: z.string(),
    durationSeconds: z.number(),
    playedSeconds: z.number(),
    isCompleted: z.boolean(),
    /** Completed with less than 90 % of the video played. */
    completedWithoutPlaying: z.boolean(),
  })
  .meta({ id: 'ModuleWatchingDto' });
export type ModuleWatchingDto = z.infer<typeof moduleWatchingDtoSchema>;

/** GET /api/admin/students/:id/watching: per enrolled course, the course's figures and each module's. */
export const courseWatchingDtoSchema = z
  .object({ ...watchingDtoShape, courseId: z.number(), modules: z.array(moduleWatchingDtoSchema) })
  .meta({ id: 'CourseWatchingDto' });
export type CourseWatchingDto = z.infer<typeof courseWatchingDtoSchema>;

export const enrollmentDtoSchema = z
  .object({
    id: z.number(),
    userId: z.number(),
    courseId: z.number(),
    courseTitle: z.string(),
    enrolledAt: z.string(),
    totalModules: z.number(),
    completedModules: z.number(),
    progressPercentage: z.number(),
    /** Only in the admin list of all enrollments, where the student is not otherwise known. */
    userEmail: z.string().optional(),
    /** On a student's page on /admin, for a course with a quiz only (issue 36). */
    finalQuiz: finalQuizResultDtoSchema.optional(),
  })
  .meta({ id: 'EnrollmentDto' });
export type EnrollmentDto = z.infer<typeof enrollmentDtoSchema>;

/** POST /api/enrollments: 201 when the enrollment was created, 200 when it already existed. */
export const enrollmentRecordDtoSchema = z
  .object({ id: z.number(), userId: z.number(), courseId: z.number(), enrolledAt: z.string() })
  .meta({ id: 'EnrollmentRecordDto' });
export type EnrollmentRecordDto = z.infer<typeof enrollmentRecordDtoSchema>;

export const progressDtoSchema = z
  .object({
    moduleId: z.number(),
    courseId: z.number(),
    /** SPEC's figure: the whole duration once the module was marked complete. */
    watchedDuration: z.number(),
    /** Distinct seconds actually played (issue 36): never raised by Mark as Complete. */
    playedSeconds: z.number(),
    position: z.number(),
    isCompleted: z.boolean(),
    /** True once every module of the course is complete. */
    courseCompleted: z.boolean(),
    /** Null while a required final quiz is not passed. */
    certificateNumber: z.string().nullable(),
    /** Every module is complete but the required final quiz is not passed yet. */
    quizPending: z.boolean().optional(),
    /** Every module is complete (and the quiz when required) but an assignment is not yet (issue 37). */
    assignmentsPending: z.boolean().optional(),
  })
  .meta({ id: 'ProgressDto' });
export type ProgressDto = z.infer<typeof progressDtoSchema>;
