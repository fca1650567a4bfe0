import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { recordProgress } from '../commands/recordProgress.ts';
import { deleteModule } from '../commands/catalogue/modules.ts';
import { systemClock } from '../services/clock.ts';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { DiskStorage } from '../services/storage/index.ts';
import { rebuildCourseProgress } from './courseProgress.ts';
import { migrateLatest, rollbackThrough } from './migrate.ts';

let test: TestDatabase;

beforeAll(async () => {
  // Migrated here, not copied from the run's template: these tests roll migrations back and run them again.
  test = await createTestDatabase({ fromScratch: true });
});
afterAll(async () => {
  await test.destroy();
});

interface Figures {
  userId: number;
  courseId: number;
  completedModules: number;
  watchedSeconds: number;
  lastModuleId: number | null;
  enrolled: boolean;
}

/** What the triggers keep, as stored. */
async function stored(): Promise<Figures[]> {
  const rows = await test
    .db('courseProgress')
    .select('userId', 'courseId', 'completedModules', 'watchedSeconds', 'lastModuleId', 'enrolled')
    .orderBy(['userId', 'courseId']);
  return rows.map(figures);
}

/**
 * The same figures worked out from the progress rows and enrollments themselves, in JavaScript;
 * seconds are those played (022), and every enrollment has its row, marked (051).
 */
async function fromProgress(): Promise<Figures[]> {
  const rows = await test.db('progress').select('userId', 'courseId', 'moduleId', 'isCompleted', 'playedSeconds', 'updatedAt', 'id');
  const enrollments = await test.db('enrollments').select('userId', 'courseId');
  const byPair = new Map<string, Figures & { at: number; id: number }>();
  const entryOf = (pair: { userId: unknown; courseId: unknown }) =>
    byPair.get(`${pair.userId}:${pair.courseId}`) ?? {
      userId: Number(pair.userId),
      courseId: Number(pair.courseId),
      completedModules: 0,
      watchedSeconds: 0,
      lastModuleId: null,
      enrolled: false,
      at: -1,
      id: -1,
    };
  for (const pair of enrollments) byPair.set(`${pair.userId}:${pair.courseId}`, { ...entryOf(pair), enrolled: true });
  for (const row of rows) {
    const key = `${row.userId}:${row.courseId}`;
    const entry = entryOf(row);
    entry.completedModules += Number(row.isCompleted);
    entry.watchedSeconds += Number(row.playedSeconds);
    const at = Number(row.updatedAt);
    if (at > entry.at || (at === entry.at && Number(row.id) > entry.id)) Object.assign(entry, { lastModuleId: Number(row.moduleId), at, id: Number(row.id) });
    byPair.set(key, entry);
  }
  return [...byPair.values()].map((entry) => figures({ ...entry })).sort((a, b) => a.userId - b.userId || a.courseId - b.courseId);
}

function figures(row: Record<string, unknown>): Figures {
  return {
    userId: Number(row.userId),
    courseId: Number(row.courseId),
    completedModules: Number(row.completedModules),
    watchedSeconds: Number(row.watchedSeconds),
    lastModuleId: row.lastModuleId === null ? null : Number(row.lastModuleId),
    enrolled: Boolean(Number(row.enrolled)),
  };
}

/** Pairs left with no progress keep a row of zeros; the comparison is over pairs with progress or an enrollment. */
async function storedWithProgress(): Promise<Figures[]> {
  return (await stored()).filter((row) => row.enrolled || row.lastModuleId !== null || row.completedModules !== 0 || row.watchedSeconds !== 0);
}

describe('course_progress', () => {
  it('follows every write to progress: reports, direct inserts and updates, deletes, a deleted module, a moved row', async () => {
    const [ann, bob] = [await createUser(test.db), await createUser(test.db)];
    const photo = await createCourse(test);
    const video = await createCourse(test);
    const photoModules = [
      await createModule(test, photo.id, { duration: 600 }),
      await createModule(test, photo.id, { duration: 300 }),
      await createModule(test, photo.id, { duration: 120 }),
    ];
    const videoModule = await createModule(test, video.id, { duration: 900 });
    for (const user of [ann, bob]) for (const course of [photo, video]) await enroll(test.db, user.id, course.id);

    const report = (userId: number, module: { id: number; courseId: number; duration: number }, watchedDuration: number, isCompleted = false) =>
      recordProgress(test.database, { userId, module, watchedDuration, isCompleted }, { now: Date.now() });

    // Reports: new rows, merges that grow, merges that cannot shrink, Mark as Complete.
    await report(ann.id, photoModules[0]!, 100);
    await report(ann.id, photoModules[0]!, 590);
    await report(ann.id, photoModules[0]!, 20);
    await report(ann.id, photoModules[1]!, 10, true);
    await report(bob.id, photoModules[2]!, 60);
    await report(bob.id, videoModule, 900);
    expect(await stored()).toEqual(await fromProgress());
    expect((await stored()).find((row) => row.userId === ann.id && row.courseId === photo.id)).toEqual({
      userId: ann.id,
      courseId: photo.id,
      completedModules: 2,
      // Module 2 was marked complete without playing: SPEC's 300 watched, none played.
      watchedSeconds: 590,
      lastModuleId: photoModules[1]!.id,
      enrolled: true,
    });

    // Two rows of one pair written in the same millisecond: the higher id is the one watched
    // last, whichever was written last, as a recompute orders them.
    const tie = Date.now() + 30_000;
    const [lower, higher] = await test.db('progress').where({ userId: ann.id, courseId: photo.id }).orderBy('id').select('id', 'moduleId');
    await test.db('progress').where({ id: higher!.id }).update({ updatedAt: tie });
    await test.db('progress').where({ id: lower!.id }).update({ updatedAt: tie });
    expect(await stored()).toEqual(await fromProgress());
    expect((await stored()).find((row) => row.userId === ann.id && row.courseId === photo.id)?.lastModuleId).toBe(Number(higher!.moduleId));

    // Writes that do not go through the report: an insert, an update to an older row, which
    // does not make it the latest, and one to a newer time, which does.
    const [first] = await test.db('progress').where({ userId: ann.id, moduleId: photoModules[0]!.id }).select('id', 'updatedAt');
    await test
      .db('progress')
      .insert({ userId: ann.id, moduleId: videoModule.id, courseId: video.id, watchedDuration: 45, position: 45, isCompleted: false, updatedAt: 1_000 });
    await test.db('progress').where({ id: first!.id }).update({ watchedDuration: 600, playedSeconds: 600, isCompleted: true });
    expect(await stored()).toEqual(await fromProgress());
    await test
      .db('progress')
      .where({ id: first!.id })
      .update({ updatedAt: Date.now() + 60_000 });
    expect(await stored()).toEqual(await fromProgress());

    // A deleted row, the latest of its pair: the next latest takes its place.
    await test.db('progress').where({ id: first!.id }).delete();
    expect(await storedWithProgress()).toEqual(await fromProgress());

    // A row moved to another learner (nothing in the product does it; the figures still follow).
    await test.db('progress').where({ userId: bob.id, moduleId: photoModules[2]!.id }).update({ userId: ann.id });
    expect(await storedWithProgress()).toEqual(await fromProgress());

    // A deleted module takes its progress with it, through the foreign key.
    await report(bob.id, photoModules[1]!, 300);
    // The module has no resources, so the storage is never written to.
    await deleteModule({ ...test, clock: systemClock, storage: new DiskStorage(tmpdir()), logger: pino({ level: 'silent' }) }, photoModules[1]!.id);
    expect(await storedWithProgress()).toEqual(await fromProgress());
    expect((await stored()).find((row) => row.userId === bob.id && row.courseId === photo.id)).toMatchObject({
      completedModules: 0,
      watchedSeconds: 0,
      lastModuleId: null,
    });
  });

  it('is rebuilt from progress and enrollments alone, as the migration and a bulk load do', async () => {
    const user = await createUser(test.db);
    const course = await createCourse(test);
    const modules = [await createModule(test, course.id, { duration: 60 }), await createModule(test, course.id, { duration: 60 })];
    await enroll(test.db, user.id, course.id);
    for (const [index, module] of modules.entries()) {
      await recordProgress(test.database, { userId: user.id, module, watchedDuration: 60, isCompleted: index === 0 }, { now: Date.now() });
      // Reports a millisecond apart at least, so the latest is the second.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // An enrollment with no progress yet has its row of zeros, and a row of a pair no longer
    // enrolled keeps its figures but loses the mark.
    const [fresh, left] = [await createCourse(test), await createCourse(test)];
    await enroll(test.db, user.id, fresh.id);
    await enroll(test.db, user.id, left.id);
    await recordProgress(
      test.database,
      { userId: user.id, module: await createModule(test, left.id, { duration: 60 }), watchedDuration: 30, isCompleted: false },
      { now: Date.now() },
    );
    await test.db('enrollments').where({ userId: user.id, courseId: left.id }).delete();
    // Pairs whose progress and enrollment are all gone keep a row of zeros; a rebuild does not bring those back.
    const before = await storedWithProgress();
    await test.db('courseProgress').delete();
    await rebuildCourseProgress(test.db);
    expect(await stored()).toEqual(before);
    expect(await stored()).toEqual(await fromProgress());
    // The first module was marked complete: only the second's 60 seconds were played.
    expect(before).toContainEqual({
      userId: user.id,
      courseId: course.id,
      completedModules: 2,
      watchedSeconds: 60,
      lastModuleId: modules[1]!.id,
      enrolled: true,
    });
    expect(before).toContainEqual({ userId: user.id, courseId: fresh.id, completedModules: 0, watchedSeconds: 0, lastModuleId: null, enrolled: true });
    expect(before).toContainEqual(expect.objectContaining({ userId: user.id, courseId: left.id, watchedSeconds: 30, enrolled: false }));
  });

  it('is created from the progress already there when the migration runs, and its rollback leaves progress as it was', async () => {
    const user = await createUser(test.db);
    const course = await createCourse(test);
    const module = await createModule(test, course.id, { duration: 100 });
    await enroll(test.db, user.id, course.id);
    await recordProgress(test.database, { userId: user.id, module, watchedDuration: 40, isCompleted: false }, { now: Date.now() });
    const progressBefore = await test.db('progress').select().orderBy('id');

    // The later migrations (enrolled_progress, built on this table, and its removal among them) go first and come back after.
    await rollbackThrough(test.db, '007_course_progress');
    expect(await test.db.schema.hasTable('courseProgress')).toBe(false);
    // Written while the table and its triggers are gone.
    await test.db('progress').where({ userId: user.id, moduleId: module.id }).update({ watchedDuration: 100, isCompleted: true, updatedAt: Date.now() });
    await migrateLatest(test.db);

    expect(await test.db('progress').count({ n: '*' })).toEqual([{ n: progressBefore.length }]);
    expect(await stored()).toEqual(await fromProgress());
    // Rows from before 022 count their watched seconds as played.
    expect(await stored()).toContainEqual({
      userId: user.id,
      courseId: course.id,
      completedModules: 1,
      watchedSeconds: 100,
      lastModuleId: module.id,
      enrolled: true,
    });
    // The triggers are back.
    await recordProgress(
      test.database,
      {
        userId: user.id,
        module: await createModule(test, course.id, { duration: 10 }),
        watchedDuration: 10,
        isCompleted: false,
      },
      { now: Date.now() },
    );
    expect(await stored()).toEqual(await fromProgress());
  });

  it('is the one derived layer: 009 drops enrolled_progress and its triggers, and its rollback rebuilds them from the data', async () => {
    const user = await createUser(test.db);
    const course = await createCourse(test);
    const module = await createModule(test, course.id, { duration: 100 });
    await enroll(test.db, user.id, course.id);
    await recordProgress(test.database, { userId: user.id, module, watchedDuration: 40, isCompleted: false }, { now: Date.now() });
    expect(await test.db.schema.hasTable('enrolledProgress')).toBe(false);

    await rollbackThrough(test.db, '009_drop_enrolled_progress');
    const row = await test.db('enrolledProgress').where({ userId: user.id }).first();
    expect(JSON.parse(row.figures)).toEqual({ [course.id]: [0, 40, module.id] });

    await migrateLatest(test.db);
    expect(await test.db.schema.hasTable('enrolledProgress')).toBe(false);
    // No trigger is left that writes to the table that is gone.
    await recordProgress(test.database, { userId: user.id, module, watchedDuration: 80, isCompleted: false }, { now: Date.now() });
    await enroll(test.db, user.id, (await createCourse(test)).id);
    expect(await stored()).toEqual(await fromProgress());
  });
});
