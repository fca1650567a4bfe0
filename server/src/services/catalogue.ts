import type { Db } from '../db/knex.ts';
import type { Course } from '../models/Course.ts';
import type { Module } from '../models/Module.ts';
import type { CourseWithTotals } from '../presenters/courses.ts';
import { dbBoolean } from '../db/knex.ts';
import { orderSteps, type CatalogueAssignment, type CatalogueQuiz, type CourseStep } from '../models/quizSteps.ts';

/**
 * The course catalogue (every course, its modules in display order and its totals), kept in
 * memory by the app (AppDeps.catalogue). Every learner page needs it and it changes only when an
 * admin edits a course or a module, so it is not rebuilt per request. It holds domain data only:
 * what a presenter derives from it (the dashboard's serialised cards) the presenter keeps, per
 * catalogue object, so it too is built once per load.
 *
 * Freshness:
 * - Every course and module write goes through the catalogue commands (commands/catalogue.ts),
 *   which call invalidate() once their transaction has committed.
 * - Writes made by other instances of the app are seen after at most CATALOGUE_TTL_MS.
 * - A load that overlaps an invalidation serves the requests that waited for it but is not kept.
 */
export const CATALOGUE_TTL_MS = 5_000;

export interface CatalogueCourse {
  readonly course: Readonly<Course>;
  /** In display order (orderIndex, then id). */
  readonly modules: ReadonlyArray<Readonly<Module>>;
  /** Its knowledge checks that are not deleted (issue 36), in step order. */
  readonly quizzes: ReadonlyArray<Readonly<CatalogueQuiz>>;
  /** Its assignments that are not deleted (issue 37), in step order: each is a step the certificate waits for. */
  readonly assignments: ReadonlyArray<Readonly<CatalogueAssignment>>;
  /** Videos, quizzes and assignments in the order a learner meets them. */
  readonly steps: ReadonlyArray<CourseStep>;
  /** The last quiz in step order, when the course has quizzes. */
  readonly finalQuiz: Readonly<CatalogueQuiz> | null;
  readonly totals: Readonly<CourseWithTotals>;
}

export interface Catalogue {
  /** Ordered by course id. */
  readonly courses: ReadonlyMap<number, CatalogueCourse>;
  readonly modules: ReadonlyMap<number, Readonly<Module>>;
}

/** Whether the course has knowledge checks or assignments: the steps whose counts its progress shows. */
export function hasSteps(catalogue: Catalogue, courseId: number): boolean {
  const entry = catalogue.courses.get(courseId);
  return entry !== undefined && (entry.quizzes.length > 0 || entry.assignments.length > 0);
}

export class CatalogueCache {
  private entry: { catalogue: Catalogue; loadedAt: number } | null = null;
  private loading: { promise: Promise<Catalogue>; generation: number } | null = null;
  /** Bumped by every invalidation; a load started under an older generation is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops the cached catalogue: the catalogue commands call it after their transaction commits. */
  invalidate(): void {
    this.generation += 1;
    this.entry = null;
    this.loading = null;
  }

  /** The catalogue, from memory while fresh; at most one load at a time. */
  get(): Promise<Catalogue> {
    const entry = this.entry;
    if (entry && this.now() - entry.loadedAt < CATALOGUE_TTL_MS) return Promise.resolve(entry.catalogue);
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const startedAt = this.now();
    const promise = loadCatalogue(this.db).then(
      (catalogue) => {
        if (this.generation === generation) this.entry = { catalogue, loadedAt: startedAt };
        if (this.loading?.promise === promise) this.loading = null;
        return catalogue;
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = null;
        throw error;
      },
    );
    this.loading = { promise, generation };
    return promise;
  }

  /** One module, undefined when there is no such module. */
  async module(moduleId: number): Promise<Readonly<Module> | undefined> {
    return (await this.get()).modules.get(moduleId);
  }

  /** One course, undefined when there is no such course. */
  async course(courseId: number): Promise<CatalogueCourse | undefined> {
    return (await this.get()).courses.get(courseId);
  }
}

/** Four queries whatever the size of the catalogue. */
async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [courseRows, moduleRows, quizRows, assignmentRows] = await Promise.all([
    db('courses').orderBy('id'),
    db('modules').orderBy('courseId').orderBy('orderIndex').orderBy('id'),
    db('quizzes').select('id', 'courseId', 'title', 'afterModuleId', 'questionCount').whereNull('deletedAt').orderBy('id'),
    db('assignments').select('id', 'courseId', 'title', 'afterModuleId', 'approvalRequired').whereNull('deletedAt').orderBy('id'),
  ]);
  return buildCatalogue(courseRows, moduleRows, quizRows, assignmentRows);
}

type AssignmentRow = Omit<CatalogueAssignment, 'approvalRequired'> & { approvalRequired: boolean | number };

/** Rows grouped by their course, in the order given. */
function byCourse<T extends { courseId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.courseId);
    if (list) list.push(row);
    else grouped.set(row.courseId, [row]);
  }
  return grouped;
}

/** The catalogue of these rows: courses in the order given, modules in the order given within each course. */
export function buildCatalogue(
  courseRows: readonly Course[],
  moduleRows: readonly Module[],
  quizRows: readonly CatalogueQuiz[] = [],
  assignmentRows: readonly AssignmentRow[] = [],
): Catalogue {
  const quizzesByCourse = byCourse(
    quizRows.map((row) => ({
      id: Number(row.id),
      courseId: Number(row.courseId),
      title: row.title,
      afterModuleId: row.afterModuleId === null ? null : Number(row.afterModuleId),
      questionCount: Number(row.questionCount),
    })),
  );
  const assignmentsByCourse = byCourse(
    assignmentRows.map((row) => ({
      id: Number(row.id),
      courseId: Number(row.courseId),
      title: row.title,
      afterModuleId: row.afterModuleId === null ? null : Number(row.afterModuleId),
      approvalRequired: dbBoolean(row.approvalRequired),
    })),
  );
  const modulesByCourse = new Map<number, Module[]>();
  const modules = new Map<number, Module>();
  for (const module of moduleRows) {
    modules.set(Number(module.id), module);
    const list = modulesByCourse.get(Number(module.courseId));
    if (list) list.push(module);
    else modulesByCourse.set(Number(module.courseId), [module]);
  }
  const courses = new Map<number, CatalogueCourse>();
  for (const course of courseRows) {
    const courseModules = modulesByCourse.get(Number(course.id)) ?? [];
    const steps = orderSteps(courseModules, quizzesByCourse.get(Number(course.id)) ?? [], assignmentsByCourse.get(Number(course.id)) ?? []);
    const quizzes = steps.flatMap((step) => (step.kind === 'quiz' ? [step.quiz] : []));
    const assignments = steps.flatMap((step) => (step.kind === 'assignment' ? [step.assignment] : []));
    const totals: CourseWithTotals = {
      id: course.id,
      title: course.title,
      description: course.description,
      price: course.price,
      priceUsd: course.priceUsd,
      priceEur: course.priceEur,
      thumbnail: course.thumbnail,
      salesVideoId: course.salesVideoId,
      totalModules: courseModules.length,
      totalDuration: courseModules.reduce((sum, module) => sum + Number(module.duration), 0),
      validityMonths: course.validityMonths,
      requiresWatching: course.requiresWatching,
      cpdQuarterHours: course.cpdQuarterHours,
      ceuHundredths: course.ceuHundredths,
      cpdStandards: course.cpdStandards,
      totalQuizzes: quizzes.length,
      totalAssignments: assignments.length,
    };
    courses.set(Number(course.id), { course, modules: courseModules, quizzes, assignments, steps, finalQuiz: quizzes.at(-1) ?? null, totals });
  }
  return { courses, modules };
}
