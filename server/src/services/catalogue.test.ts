import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Course } from '../models/Course.ts';
import type { Module } from '../models/Module.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { recordProgress } from '../commands/recordProgress.ts';
import { updateCourse } from '../commands/catalogue/courses.ts';
import { CATALOGUE_TTL_MS, CatalogueCache, type CatalogueCourse } from './catalogue.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A cache on the server's database with a clock the test moves. */
function cacheWithClock() {
  let now = 1_000_000;
  const cache = new CatalogueCache(server.db, () => now);
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('catalogue cache', () => {
  it('sees writes made elsewhere (another instance) after the TTL, and its own commands at once', async () => {
    const { cache, advance } = cacheWithClock();
    const course = await createCourse(server, { title: 'Before' });
    expect((await cache.course(course.id))?.course.title).toBe('Before');

    // Written behind this cache's back, as another instance of the app would.
    await server.db('courses').where({ id: course.id }).update({ title: 'From another instance' });
    expect((await cache.course(course.id))?.course.title).toBe('Before');
    advance(CATALOGUE_TTL_MS - 1);
    expect((await cache.course(course.id))?.course.title).toBe('Before');
    advance(1);
    expect((await cache.course(course.id))?.course.title).toBe('From another instance');

    await updateCourse({ db: server.db, catalogue: cache, clock: server.clock }, course.id, { title: 'Through the command' });
    expect((await cache.course(course.id))?.course.title).toBe('Through the command');
  });

  it('drops the catalogue even when the command fails, and never keeps a load that overlapped an invalidation', async () => {
    const { cache } = cacheWithClock();
    const course = await createCourse(server, { title: 'Kept' });
    const loading = cache.get();
    cache.invalidate();
    await server.db('courses').where({ id: course.id }).update({ title: 'Changed meanwhile' });
    // The overlapping load served its caller but was not kept: the next read loads again.
    await loading;
    expect((await cache.course(course.id))?.course.title).toBe('Changed meanwhile');

    // Warm again, then changed behind its back: only the failed command's drop shows the change.
    expect((await cache.course(course.id))?.course.title).toBe('Changed meanwhile');
    await server.db('courses').where({ id: course.id }).update({ title: 'Changed before the failure' });
    expect((await cache.course(course.id))?.course.title).toBe('Changed meanwhile');
    await expect(updateCourse({ db: server.db, catalogue: cache, clock: server.clock }, 999_999, { title: 'Nobody' })).rejects.toMatchObject({ status: 404 });
    expect((await cache.course(course.id))?.course.title).toBe('Changed before the failure');
  });

  it('loads once for many readers at the same moment, with one query per table (courses, modules, quizzes, assignments)', async () => {
    const { cache } = cacheWithClock();
    await createCourse(server);
    let queries = 0;
    const count = () => (queries += 1);
    server.db.on('query', count);
    try {
      const all = await Promise.all(Array.from({ length: 10 }, () => cache.get()));
      expect(new Set(all).size).toBe(1);
    } finally {
      server.db.off('query', count);
    }
    expect(queries).toBe(4);
  });

  it('stays warm through progress reports, which read modules but write only progress', async () => {
    const course = await createCourse(server);
    const module = await createModule(server, course.id, { duration: 600 });
    const user = await createUser(server.db);
    await enroll(server.db, user.id, course.id);
    const warm = await server.catalogue.get();
    expect(await recordProgress(server.database, { userId: user.id, module, watchedDuration: 60, isCompleted: false }, { now: Date.now() })).toMatchObject({
      progress: { watchedDuration: 60 },
    });
    expect(await server.catalogue.get()).toBe(warm);
  });

  it('hands out read-only data (a type-check failure otherwise)', async () => {
    const course = await createCourse(server);
    const entry = (await server.catalogue.course(course.id))!;
    expectTypeOf(entry.modules).toEqualTypeOf<ReadonlyArray<Readonly<Module>>>();
    expectTypeOf(entry.course).toEqualTypeOf<Readonly<Course>>();
    expectTypeOf((await server.catalogue.get()).courses).toEqualTypeOf<ReadonlyMap<number, CatalogueCourse>>();
    expect(entry.course.id).toBe(course.id);
  });
});
