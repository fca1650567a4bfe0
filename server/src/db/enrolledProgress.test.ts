import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { recordProgress } from '../commands/recordProgress.ts';
import { deleteModule } from '../commands/moduleCatalogue.ts';
import { unenroll } from '../commands/enroll.ts';
import { enrollByLicence, removeLicenceEnrollments } from '../commands/schools/shared.ts';
import { rebuildEnrolledProgress } from './enrolledProgress.ts';
import { migrateLatest, rollbackLast } from './migrate.ts';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.destroy();
});

type Figures = Record<string, [number, number, number | null]>;

/** What the triggers keep, per learner; a learner with no entries counts as absent. */
async function stored(): Promise<Record<number, Figures>> {
  const rows: Array<{ userId: number; figures: string }> = await test.db('enrolledProgress').select('userId', 'figures');
  const byUser: Record<number, Figures> = {};
  for (const row of rows) {
    const figures = JSON.parse(row.figures) as Figures;
    if (Object.keys(figures).length) byUser[Number(row.userId)] = figures;
  }
  return byUser;
}

/** The same worked out in JavaScript from enrollments and course_progress (whose own test checks it against progress). */
async function fromSources(): Promise<Record<number, Figures>> {
  const [enrollments, totals] = await Promise.all([
    test.db('enrollments').select('userId', 'courseId'),
    test.db('courseProgress').select('userId', 'courseId', 'completedModules', 'watchedSeconds', 'lastModuleId'),
  ]);
  const byPair = new Map(totals.map((row) => [`${row.userId}:${row.courseId}`, row]));
  const byUser: Record<number, Figures> = {};
  for (const { userId, courseId } of enrollments) {
    const row = byPair.get(`${userId}:${courseId}`);
    (byUser[Number(userId)] ??= {})[String(courseId)] = row
      ? [Number(row.completedModules), Number(row.watchedSeconds), row.lastModuleId === null ? null : Number(row.lastModuleId)]
      : [0, 0, null];
  }
  return byUser;
}

const report = (userId: number, module: { id: number; courseId: number; duration: number }, watchedDuration: number, isCompleted = false) =>
  recordProgress(test.db, { userId, module, watchedDuration, isCompleted });

/** A progress row written as the player's report would, without the enrollment check. */
const watched = (userId: number, module: { id: number; courseId: number }, watchedDuration: number, isCompleted = false) =>
  test.db('progress').insert({ userId, moduleId: module.id, courseId: module.courseId, watchedDuration, position: 0, isCompleted, completedAt: isCompleted ? Date.now() : null, updatedAt: Date.now() });

describe('enrolled_progress', () => {
  it('follows enrollments and every write to progress, and leaves out courses the learner is not enrolled in', async () => {
    const [ann, bob] = [await createUser(test.db), await createUser(test.db)];
    const photo = await createCourse(test.db);
    const video = await createCourse(test.db);
    const photoModules = [await createModule(test.db, photo.id, { duration: 600 }), await createModule(test.db, photo.id, { duration: 300 })];
    const videoModule = await createModule(test.db, video.id, { duration: 900 });

    // Progress from before an enrollment (one that ended and was given again, say) is carried
    // in when the enrollment comes; reports are refused without one, so it is written directly.
    await watched(ann.id, photoModules[0]!, 120);
    expect((await stored())[ann.id]).toBeUndefined();
    await enroll(test.db, ann.id, photo.id);
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [0, 120, photoModules[0]!.id] });

    // Progress on a course she is not enrolled in stays out; an enrollment with none is zeros.
    await watched(ann.id, videoModule, 300);
    await enroll(test.db, bob.id, video.id);
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [0, 120, photoModules[0]!.id] });
    expect((await stored())[bob.id]).toEqual({ [video.id]: [0, 0, null] });

    // Reports, direct writes, a deleted row, a deleted module.
    await report(ann.id, photoModules[0]!, 600, true);
    await report(ann.id, photoModules[1]!, 30);
    await report(bob.id, videoModule, 900, true);
    expect(await stored()).toMatchObject(await fromSources());
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [1, 630, photoModules[1]!.id] });
    await test.db('progress').where({ userId: ann.id, moduleId: photoModules[0]!.id }).update({ watchedDuration: 500, updatedAt: Date.now() + 60_000 });
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [1, 530, photoModules[0]!.id] });
    await test.db('progress').where({ userId: bob.id, moduleId: videoModule.id }).delete();
    expect((await stored())[bob.id]).toEqual({ [video.id]: [0, 0, null] });
    await deleteModule(test.db, photoModules[0]!.id);
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [0, 30, photoModules[1]!.id] });

    // Enrolling in the course she already watched brings its figures in; leaving takes it out.
    await enroll(test.db, ann.id, video.id);
    expect((await stored())[ann.id]).toEqual({ [photo.id]: [0, 30, photoModules[1]!.id], [video.id]: [0, 300, videoModule.id] });
    expect(await unenroll(test.db, ann.id, photo.id)).toBe(true);
    expect((await stored())[ann.id]).toEqual({ [video.id]: [0, 300, videoModule.id] });
    await test.db('progress').where({ userId: ann.id, moduleId: photoModules[1]!.id }).update({ watchedDuration: 300, isCompleted: true, updatedAt: Date.now() });
    expect((await stored())[ann.id]).toEqual({ [video.id]: [0, 300, videoModule.id] });

    // An enrollment moved to another course or learner (nothing in the product does it).
    await test.db('enrollments').where({ userId: bob.id, courseId: video.id }).update({ courseId: photo.id });
    expect((await stored())[bob.id]).toEqual({ [photo.id]: [0, 0, null] });
    await test.db('enrollments').where({ userId: bob.id, courseId: photo.id }).update({ userId: ann.id });
    expect((await stored())[bob.id]).toBeUndefined();
    expect((await stored())[ann.id]).toEqual({ [video.id]: [0, 300, videoModule.id], [photo.id]: [1, 300, photoModules[1]!.id] });
    expect(await stored()).toEqual(await fromSources());
  });

  it('follows a school licence granted and withdrawn for many learners at once', async () => {
    const learners = [await createUser(test.db), await createUser(test.db), await createUser(test.db)];
    const courses = [await createCourse(test.db), await createCourse(test.db)];
    const module = await createModule(test.db, courses[0]!.id, { duration: 60 });
    await watched(learners[0]!.id, module, 60, true);
    await enroll(test.db, learners[1]!.id, courses[1]!.id);
    const ids = learners.map((learner) => learner.id);
    await enrollByLicence(test.db, ids, courses.map((course) => course.id));
    expect(await stored()).toEqual(await fromSources());
    expect((await stored())[learners[0]!.id]).toEqual({ [courses[0]!.id]: [1, 60, module.id], [courses[1]!.id]: [0, 0, null] });
    await removeLicenceEnrollments(test.db, ids, courses.map((course) => course.id));
    expect(await stored()).toEqual(await fromSources());
    // The course learner 1 was enrolled in before the licence stays.
    expect((await stored())[learners[1]!.id]).toEqual({ [courses[1]!.id]: [0, 0, null] });
    expect((await stored())[learners[0]!.id]).toBeUndefined();
  });

  it('loses nothing when one learner reports on several courses at once', async () => {
    const learner = await createUser(test.db);
    const courses = await Promise.all(Array.from({ length: 6 }, () => createCourse(test.db)));
    const modules = [];
    for (const course of courses) {
      await enroll(test.db, learner.id, course.id);
      modules.push(await createModule(test.db, course.id, { duration: 100 }), await createModule(test.db, course.id, { duration: 100 }));
    }
    // Separate transactions, on separate connections where the database has them.
    await Promise.all(modules.map((module, index) => report(learner.id, module, 50 + index, index % 2 === 0)));
    expect(await stored()).toEqual(await fromSources());
    const figures = (await stored())[learner.id]!;
    expect(Object.keys(figures).sort()).toEqual(courses.map((course) => String(course.id)).sort());
    // Each course had one of its two modules marked complete, in a transaction of its own.
    for (const course of courses) expect(figures[course.id]![0]).toBe(1);
    const seconds: Array<{ n: number | string }> = await test.db('progress').where({ userId: learner.id }).sum({ n: 'watchedDuration' });
    expect(Object.values(figures).reduce((sum, [, watchedSeconds]) => sum + watchedSeconds, 0)).toBe(Number(seconds[0]!.n));
  });

  it('is rebuilt from its sources alone, as the migration and a bulk load do', async () => {
    const before = await stored();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await test.db('enrolledProgress').delete();
    await rebuildEnrolledProgress(test.db);
    expect(await stored()).toEqual(before);
  });

  it('is created from the enrollments already there when the migration runs, and its rollback leaves them as they were', async () => {
    const learner = await createUser(test.db);
    const course = await createCourse(test.db);
    const module = await createModule(test.db, course.id, { duration: 100 });
    await enroll(test.db, learner.id, course.id);
    await report(learner.id, module, 40);

    await rollbackLast(test.db);
    expect(await test.db.schema.hasTable('enrolledProgress')).toBe(false);
    // Written while the table and its triggers are gone.
    await report(learner.id, module, 100, true);
    const later = await createCourse(test.db);
    await enroll(test.db, learner.id, later.id);
    await migrateLatest(test.db);

    expect(await stored()).toEqual(await fromSources());
    expect((await stored())[learner.id]).toEqual({ [course.id]: [1, 100, module.id], [later.id]: [0, 0, null] });
    // The triggers are back.
    await unenroll(test.db, learner.id, later.id);
    expect((await stored())[learner.id]).toEqual({ [course.id]: [1, 100, module.id] });
  });
});
