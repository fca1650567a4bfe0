import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { recordProgress } from '../commands/recordProgress.ts';
import { CATALOGUE_TTL_MS, catalogue } from './catalogue.ts';
import { dialectOf } from '../db/knex.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** A write this process's knex does not see, as another instance of the server would make it. */
async function writeBehindKnex(sql: string, bindings: unknown[]): Promise<void> {
  const connection = await server.db.client.acquireConnection();
  try {
    if (dialectOf(server.db) === 'sqlite') {
      connection.prepare(sql).run(...bindings);
    } else {
      await new Promise<void>((resolve, reject) => connection.query(sql, bindings, (error: Error | null) => (error ? reject(error) : resolve())));
    }
  } finally {
    await server.db.client.releaseConnection(connection);
  }
}

describe('catalogue cache', () => {
  it('sees writes from elsewhere after the TTL, and knex writes at once', async () => {
    const course = await createCourse(server.db, { title: 'Before' });
    expect((await catalogue(server.db)).courses.get(course.id)?.course.title).toBe('Before');

    await writeBehindKnex('update courses set title = ? where id = ?', ['From another instance', course.id]);
    expect((await catalogue(server.db)).courses.get(course.id)?.course.title).toBe('Before');
    const later = Date.now() + CATALOGUE_TTL_MS + 1;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await catalogue(server.db)).courses.get(course.id)?.course.title).toBe('From another instance');
    } finally {
      clock.mockRestore();
    }

    await server.db('courses').where({ id: course.id }).update({ title: 'Through knex' });
    expect((await catalogue(server.db)).courses.get(course.id)?.course.title).toBe('Through knex');
  });

  it('loads once for many readers at the same moment', async () => {
    await createCourse(server.db);
    let queries = 0;
    const count = () => (queries += 1);
    server.db.on('query', count);
    try {
      const all = await Promise.all(Array.from({ length: 10 }, () => catalogue(server.db)));
      expect(new Set(all).size).toBe(1);
    } finally {
      server.db.off('query', count);
    }
    expect(queries).toBe(2);
  });

  it('stays warm through progress reports, which read modules but write only progress', async () => {
    const course = await createCourse(server.db);
    const module = await createModule(server.db, course.id, { duration: 600 });
    const user = await createUser(server.db);
    await enroll(server.db, user.id, course.id);
    const warm = await catalogue(server.db);
    expect(await recordProgress(server.db, { userId: user.id, module, watchedDuration: 60, isCompleted: false })).toMatchObject({ progress: { watchedDuration: 60 } });
    expect(await catalogue(server.db)).toBe(warm);
  });
});
