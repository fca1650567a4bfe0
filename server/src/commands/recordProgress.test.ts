import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../db/knex.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { dbBoolean } from '../presenters/courses.ts';
import { upsertProgress, type ProgressRow } from './recordProgress.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function learnerOnModule(enrolled = true) {
  const user = await createUser(server.db);
  const course = await createCourse(server.db);
  const module = await createModule(server.db, course.id, { duration: 600 });
  if (enrolled) await enroll(server.db, user.id, course.id);
  const row = (fields: Partial<ProgressRow>): ProgressRow => ({
    userId: user.id,
    moduleId: module.id,
    courseId: course.id,
    watchedDuration: 0,
    position: null,
    isCompleted: false,
    completedAt: null,
    updatedAt: Date.now(),
    ...fields,
  });
  return { user, row };
}

// SQLite and MariaDB answer the stored row through RETURNING; MySQL reads it back. On MariaDB
// both ways run, so the MySQL one is tested too.
const paths = () => (dialectOf(server.db) === 'mysql' ? [true, false] : [true]);

describe('upsertProgress, the statement behind POST /api/progress', () => {
  it('writes nothing and answers undefined without an enrollment', async () => {
    for (const returning of paths()) {
      const { user, row } = await learnerOnModule(false);
      expect(await upsertProgress(server.db, row({ watchedDuration: 30 }), { returning })).toBeUndefined();
      expect(await server.db('progress').where({ userId: user.id })).toHaveLength(0);
    }
  });

  it('merges in SQL: watchedDuration only grows, completion and its first date stay, position only when sent', async () => {
    for (const returning of paths()) {
      const { row } = await learnerOnModule();
      const first = await upsertProgress(server.db, row({ watchedDuration: 300, position: 290 }), { returning });
      expect(first).toMatchObject({ watchedDuration: 300, position: 290, completedAt: null });
      expect(dbBoolean(first!.isCompleted)).toBe(false);

      const completed = await upsertProgress(server.db, row({ watchedDuration: 560, position: 550, isCompleted: true, completedAt: 1_000 }), { returning });
      expect(completed).toMatchObject({ watchedDuration: 560, position: 550 });
      expect(Number(completed!.completedAt)).toBe(1_000);
      expect(dbBoolean(completed!.isCompleted)).toBe(true);

      const later = await upsertProgress(server.db, row({ watchedDuration: 20, isCompleted: false, updatedAt: 5_000 }), { returning });
      expect(later).toMatchObject({ watchedDuration: 560, position: 550 });
      expect(Number(later!.completedAt)).toBe(1_000);
      expect(Number(later!.updatedAt)).toBe(5_000);
      expect(dbBoolean(later!.isCompleted)).toBe(true);

      const recompleted = await upsertProgress(server.db, row({ watchedDuration: 600, position: 0, isCompleted: true, completedAt: 9_000 }), { returning });
      expect(recompleted).toMatchObject({ watchedDuration: 600, position: 0 });
      expect(Number(recompleted!.completedAt)).toBe(1_000);
    }
  });
});
