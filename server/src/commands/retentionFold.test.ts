import { describe, expect, it } from 'vitest';
import { housekeepingJobs } from '../reminders/jobs.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { createCourse, createModule, createUser, enroll } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { foldRetention, RETENTION_FOLD_JOB } from './retentionFold.ts';

const server = useTestServer();

async function counters(moduleId: number) {
  const buckets = await server.db('moduleBuckets').where({ moduleId }).orderBy('bucket').select('bucket', 'viewers');
  const viewers = await server.db('moduleViewers').where({ moduleId }).first('viewers');
  return { buckets: buckets.map((row) => [Number(row.bucket), Number(row.viewers)]), viewers: Number(viewers?.viewers ?? 0) };
}

describe('the retention fold (issue 54, migration 043)', () => {
  it('keeps what a bucket write newly set pending until folded, and counts each pending row exactly once', async () => {
    const course = await createCourse(server, { price: 0 });
    const module = await createModule(server, course.id, { duration: 700 });
    const [ada, ben] = [await createUser(server.db), await createUser(server.db)];
    for (const user of [ada, ben]) await enroll(server.db, user.id, course.id);
    await server
      .db('progress')
      .insert([ada, ben].map((user) => ({ userId: user.id, moduleId: module.id, courseId: course.id, watchedDuration: 10, updatedAt: 1 })));
    await foldRetention(server.db);

    // Ada: buckets 0, 1 and 33 (two words); then 1 again and 2 (only 2 is new). Ben: bucket 1.
    await server.db('progressBuckets').insert([
      { userId: ada.id, moduleId: module.id, word: 0, bits: 0b11 },
      { userId: ada.id, moduleId: module.id, word: 1, bits: 0b10 },
      { userId: ben.id, moduleId: module.id, word: 0, bits: 0b10 },
    ]);
    await server.db('progressBuckets').where({ userId: ada.id, moduleId: module.id, word: 0 }).update({ bits: 0b111 });
    // Nothing newly set: nothing noted.
    await server.db('progressBuckets').where({ userId: ben.id, moduleId: module.id, word: 0 }).update({ bits: 0b10 });
    expect(await counters(module.id)).toEqual({ buckets: [], viewers: 0 });
    expect(await server.db('retentionPending').where({ moduleId: module.id })).toHaveLength(4);

    expect(await foldRetention(server.db)).toBe(4);
    const folded = {
      buckets: [
        [0, 1],
        [1, 2],
        [2, 1],
        [33, 1],
      ],
      viewers: 2,
    };
    expect(await counters(module.id)).toEqual(folded);
    // Folded rows are gone with the same commit: a second fold adds nothing.
    expect(await foldRetention(server.db)).toBe(0);
    expect(await counters(module.id)).toEqual(folded);
  });

  it('runs as a housekeeping job, and drops the news of a module deleted meanwhile', async () => {
    const course = await createCourse(server, { price: 0 });
    const [kept, gone] = [await createModule(server, course.id, { duration: 100 }), await createModule(server, course.id, { duration: 100 })];
    const user = await createUser(server.db);
    await enroll(server.db, user.id, course.id);
    await server
      .db('progress')
      .insert([kept, gone].map((module) => ({ userId: user.id, moduleId: module.id, courseId: course.id, watchedDuration: 10, updatedAt: 1 })));
    await foldRetention(server.db);
    await server.db('progressBuckets').insert([
      { userId: user.id, moduleId: kept.id, word: 0, bits: 0b1 },
      { userId: user.id, moduleId: gone.id, word: 0, bits: 0b1 },
    ]);
    await server.db('modules').where({ id: gone.id }).delete();

    const scheduler = new Scheduler(server.app.deps, housekeepingJobs());
    expect(await scheduler.runNow(RETENTION_FOLD_JOB)).toEqual({ outcome: 'ran', sent: 2 });
    expect(await counters(kept.id)).toEqual({ buckets: [[0, 1]], viewers: 1 });
    expect(await server.db('retentionPending')).toEqual([]);
  });
});
