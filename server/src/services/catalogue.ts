import type { Db } from '../db/knex.ts';
import { Course } from '../models/Course.ts';
import { Module } from '../models/Module.ts';
import type { CourseWithTotals } from '../presenters/courses.ts';
import { serialiseDashboardCards, type DashboardCards } from '../presenters/dashboard.ts';

/**
 * The course catalogue (every course, its modules in display order and its totals), kept in
 * memory per database handle. Every page of a learner needs it and it changes only when an
 * admin edits a course or a module, so rebuilding the totals on each request (a scan of the
 * modules, grouped and sorted) was most of the dashboard's cost.
 *
 * Freshness:
 * - In this process, every statement that writes `courses` or `modules` (whoever sends it: the
 *   routes, the module commands, migrations, tests writing rows directly) drops the cache, as
 *   it is sent, when it has run, and again when its transaction ends, so the next read never
 *   sees an older catalogue than the database.
 * - Other instances writing the same database are seen after at most CATALOGUE_TTL_MS.
 * - A load that overlaps a write is used for the request that asked for it but not kept.
 *
 * Cost: a cold read is two queries (courses, modules) whatever the size of the catalogue, and
 * serialising the dashboard's cards once (presenters/dashboard.ts); a warm read is none.
 */
export const CATALOGUE_TTL_MS = 5_000;

export interface CatalogueCourse {
  course: Course;
  /** In display order (orderIndex, then id). */
  modules: Module[];
  totals: CourseWithTotals;
}

export interface Catalogue {
  /** Ordered by course id, with module count and total duration: GET /api/courses and the dashboard. */
  coursesWithTotals: CourseWithTotals[];
  courses: Map<number, CatalogueCourse>;
  modules: Map<number, Module>;
  /** The catalogue part of GET /api/dashboard, serialised once per load (presenters/dashboard.ts). */
  dashboardCards: DashboardCards;
}

/**
 * A write whose target is the courses or modules table, or a schema change naming either. Only
 * the target counts: the progress upsert reads modules (INSERT INTO progress … JOIN modules) on
 * every report, and dropping the catalogue for it made every request reload it.
 */
const CATALOGUE_WRITE =
  /^\s*(?:(?:insert|replace)(?:\s+ignore)?\s+into|update(?:\s+ignore)?|delete\s+from)\s+[`"]?(?:courses|modules)\b|^\s*(?:alter|drop|create|truncate|rename)\b[\s\S]*?\b(?:courses|modules)\b/i;
const TRANSACTION_END = /^\s*(?:commit|rollback)\b/i;

interface QueryEvent {
  sql?: string;
  method?: string;
  __knexTxId?: string;
}

class CatalogueCache {
  private entry: { catalogue: Catalogue; loadedAt: number } | null = null;
  private loading: { promise: Promise<Catalogue>; generation: number } | null = null;
  /** Bumped by every write; a load started under an older generation is not kept. */
  private generation = 0;
  /** Transactions that wrote the catalogue and have not ended yet. */
  private readonly dirtyTransactions = new Set<string>();

  constructor(private readonly db: Db) {
    db.on('query', (event: QueryEvent) => this.observe(event, false));
    db.on('query-response', (_response: unknown, event: QueryEvent) => this.observe(event, true));
    db.on('query-error', (_error: unknown, event: QueryEvent) => this.observe(event, true));
  }

  invalidate(): void {
    this.generation += 1;
    this.entry = null;
    this.loading = null;
  }

  /** Every statement as it is sent and once it has run (or failed). */
  private observe(event: QueryEvent | undefined, done: boolean): void {
    const sql = event?.sql;
    if (typeof sql !== 'string' || event!.method === 'select' || event!.method === 'first' || event!.method === 'pluck') return;
    const txId = event!.__knexTxId;
    if (txId !== undefined && this.dirtyTransactions.has(txId) && TRANSACTION_END.test(sql)) {
      // A load between the write and the commit read the old rows; drop it once more.
      this.invalidate();
      if (done) this.dirtyTransactions.delete(txId);
      return;
    }
    if (!CATALOGUE_WRITE.test(sql)) return;
    if (txId !== undefined && !done) {
      if (this.dirtyTransactions.size > 1000) this.dirtyTransactions.clear();
      this.dirtyTransactions.add(txId);
    }
    this.invalidate();
  }

  async get(): Promise<Catalogue> {
    const entry = this.entry;
    if (entry && Date.now() - entry.loadedAt < CATALOGUE_TTL_MS) return entry.catalogue;
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const startedAt = Date.now();
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

}

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [courseRows, moduleRows] = await Promise.all([
    Course.query(db).orderBy('id'),
    Module.query(db).orderBy('courseId').modify('ordered'),
  ]);
  const courses = new Map<number, CatalogueCourse>();
  const coursesWithTotals: CourseWithTotals[] = [];
  for (const course of courseRows) {
    const totals: CourseWithTotals = {
      id: course.id,
      title: course.title,
      description: course.description,
      price: course.price,
      thumbnail: course.thumbnail,
      salesVideoId: course.salesVideoId,
      totalModules: 0,
      totalDuration: 0,
    };
    coursesWithTotals.push(totals);
    courses.set(Number(course.id), { course, modules: [], totals });
  }
  const modules = new Map<number, Module>();
  for (const module of moduleRows) {
    modules.set(Number(module.id), module);
    const entry = courses.get(Number(module.courseId));
    if (!entry) continue;
    entry.modules.push(module);
    entry.totals.totalModules = Number(entry.totals.totalModules) + 1;
    entry.totals.totalDuration = Number(entry.totals.totalDuration) + Number(module.duration);
  }
  return { coursesWithTotals, courses, modules, dashboardCards: serialiseDashboardCards(coursesWithTotals) };
}

const caches = new WeakMap<Db, CatalogueCache>();

function cacheOf(db: Db): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogueCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/** The catalogue of this database, from memory when fresh. Treat it as read-only. */
export function catalogue(db: Db): Promise<Catalogue> {
  return cacheOf(db).get();
}

/** Drops the cached catalogue (writes through knex already do; for writes it cannot see). */
export function invalidateCatalogue(db: Db): void {
  caches.get(db)?.invalidate();
}

/** One module from the catalogue, undefined when there is no such module. */
export async function catalogueModule(db: Db, moduleId: number): Promise<Module | undefined> {
  return (await catalogue(db)).modules.get(moduleId);
}
