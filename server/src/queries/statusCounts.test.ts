import { DAY_MS, dayOf } from '@atrium/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/knex.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createCourse, createUser } from '../test/factories.ts';
import { trustStatusCounts } from './statusCounts.ts';
import { trustStatusCountsComputed, trustStatusPage } from './trusts.ts';

// The overview's counts are read from rows kept per school (statusCounts.ts); counting every pair
// (trustStatusCountsComputed) is the reference. After each kind of write that can change a status
// or a group's members, and as days pass with no write at all, both must answer the same, for
// every course and each, everyone and each group (and a group of another trust). The writes go
// straight to the tables: the triggers, not the commands, are what keeps the counts honest.

let test: TestDatabase;
let db: Db;
const start = Date.parse('2026-03-02T09:00:00Z');
const today = dayOf(start);
let trustId: number;
let otherTrustId: number;
let schools: number[];
let outsider: number;
let courses: number[];
let members: number[];
const groups: number[] = [];

async function expectSame(now = start): Promise<void> {
  const courseFilters = [undefined, ...courses];
  const groupFilters = [undefined, ...groups];
  for (const courseId of courseFilters) {
    for (const groupId of groupFilters) {
      const filter = { courseId, groupId };
      const expected = await trustStatusCountsComputed(db, trustId, now, filter);
      const actual = await trustStatusCounts(db, trustId, now, filter);
      expect(Object.fromEntries(actual), JSON.stringify(filter)).toEqual(Object.fromEntries(expected));
    }
  }
}

async function member(schoolId: number, joinedAt: number): Promise<number> {
  const user = await createUser(db);
  await db('schoolMembers').insert({ schoolId, userId: user.id, role: 'member', joinedAt });
  return user.id;
}

let certificates = 0;
async function certify(userId: number, courseId: number, issuedAt: number, round = 0): Promise<void> {
  certificates += 1;
  await db('certificates').insert({
    userId,
    courseId,
    certificateNumber: `T-${certificates}-${Date.now()}`,
    studentName: 'Test',
    courseName: 'Course',
    completionPercentage: 100,
    completedAt: issuedAt,
    issuedAt,
    round,
  });
}

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  const trust = async (name: string) => Number((await db('trusts').insert({ name, createdAt: start }))[0]);
  trustId = await trust('Counting Trust');
  otherTrustId = await trust('Other Trust');
  schools = [];
  for (const name of ['Oak', 'Elm', 'Ash']) schools.push(Number((await db('schools').insert({ name, country: 'GB', createdAt: start, trustId }))[0]));
  outsider = Number((await db('schools').insert({ name: 'Yew', country: 'GB', createdAt: start, trustId: otherTrustId }))[0]);
  courses = [];
  for (const validityMonths of [null, 12, null]) courses.push((await createCourse(test, { validityMonths })).id);
  for (const schoolId of [...schools, outsider]) {
    for (const courseId of courses) await db('schoolLicences').insert({ schoolId, courseId, source: 'admin', createdAt: start });
  }
  members = [];
  for (const [index, schoolId] of [schools[0], schools[0], schools[0], schools[1], schools[1], schools[2], outsider].entries()) {
    members.push(await member(schoolId!, start - (index * 40 + 5) * DAY_MS));
  }
  for (const [name, owner] of [
    ['Office', { schoolId: schools[0] }],
    ['Teaching assistants', { trustId }],
    ['Elsewhere', { trustId: otherTrustId }],
  ] as const) {
    groups.push(Number((await db('groups').insert({ name, nameKey: name.toLowerCase(), createdAt: start, ...owner }))[0]));
  }
});

afterAll(async () => {
  await test?.destroy();
});

describe('the trust overview’s kept counts', () => {
  it('answer as counting every pair does, after each kind of write and as days pass', async () => {
    const [oak, elm, ash] = schools as [number, number, number];
    const [plain, renewable, third] = courses as [number, number, number];
    const [office, assistants, elsewhere] = groups as [number, number, number];
    await expectSame();

    // Progress: started, then more of it (no status change), then undone.
    await db('courseProgress').insert({ userId: members[0], courseId: plain, completedModules: 1, watchedSeconds: 30 });
    await expectSame();
    await db('courseProgress').where({ userId: members[0], courseId: plain }).update({ watchedSeconds: 90 });
    await db('courseProgress').insert({ userId: members[3], courseId: third, completedModules: 0, watchedSeconds: 0 });
    await expectSame();
    await db('courseProgress').where({ userId: members[3], courseId: third }).update({ watchedSeconds: 5 });
    await expectSame();
    await db('courseProgress').where({ userId: members[0], courseId: plain }).delete();
    await expectSame();

    // Certificates: one current, one of a course with a validity issued long ago (renewal due,
    // then a renewal started), a later round, a revoked one.
    await certify(members[1]!, plain, start - DAY_MS);
    await certify(members[2]!, renewable, start - 400 * DAY_MS);
    await expectSame();
    await db('certificateRenewals').insert({ userId: members[2], courseId: renewable, round: 1, startedAt: start });
    await expectSame();
    await certify(members[2]!, renewable, start - 2 * DAY_MS, 1);
    await expectSame();
    await db('certificates').where({ userId: members[1], courseId: plain }).update({ revokedAt: start });
    await expectSame();

    // Deadlines at each level: a school's, the trust's (a date and a days-from-joining rule).
    await db('schoolDeadlines').insert({ schoolId: oak, courseId: plain, completeByDay: today + 3, updatedAt: start });
    await expectSame();
    await db('trustDeadlines').insert({ trustId, courseId: plain, completeByDay: today - 10, updatedAt: start });
    await db('trustDeadlines').insert({ trustId, courseId: third, newStaffDays: 30, updatedAt: start });
    await expectSame();
    await db('schoolDeadlines')
      .where({ schoolId: oak, courseId: plain })
      .update({ completeByDay: today + 20 });
    await db('trustDeadlines')
      .where({ trustId, courseId: third })
      .update({ completeByDay: today + 5 });
    await expectSame();

    // Groups: members in, a course given to a school's group and to the trust's, a rule changed.
    await db('groupMembers').insert([
      { groupId: office, userId: members[0], joinedAt: start - 100 * DAY_MS },
      { groupId: office, userId: members[1], joinedAt: start },
      { groupId: assistants, userId: members[1], joinedAt: start - DAY_MS },
      { groupId: assistants, userId: members[4], joinedAt: start - DAY_MS },
      { groupId: elsewhere, userId: members[6], joinedAt: start },
    ]);
    await expectSame();
    await db('groupCourses').insert({ groupId: office, courseId: renewable, newStaffDays: 10, createdAt: start - 50 * DAY_MS, updatedAt: start });
    await db('groupCourses').insert({ groupId: assistants, courseId: third, completeByDay: today + 2, createdAt: start, updatedAt: start });
    await expectSame();
    await db('groupCourses')
      .where({ groupId: assistants, courseId: third })
      .update({ completeByDay: today - 1 });
    await db('groupMembers').where({ groupId: office, userId: members[1] }).delete();
    await expectSame();

    // Staff: one joins, one moves between the trust's schools, one leaves.
    members.push(await member(ash, start));
    await expectSame();
    await db('schoolMembers').where({ userId: members[0] }).update({ schoolId: elm, movedAt: start, movedFromSchoolId: oak });
    await expectSame();
    await db('schoolMembers').where({ userId: members[5] }).delete();
    await expectSame();

    // Licences: one revoked, then granted again; a course's validity changed.
    await db('schoolLicences').where({ schoolId: elm, courseId: third }).update({ revokedAt: start });
    await expectSame();
    await db('schoolLicences').where({ schoolId: elm, courseId: third }).update({ revokedAt: null });
    await db('courses').where({ id: plain }).update({ validityMonths: 1 });
    await expectSame();

    // Schools: one detached from the trust (its trust's deadlines and groups stop), one attached.
    await db('schools').where({ id: ash }).update({ trustId: null });
    await expectSame();
    await db('schools').where({ id: outsider }).update({ trustId });
    await expectSame();

    // Deletions that cascade (no trigger fires for a cascade on MySQL/MariaDB): a group, a user.
    await db('groups').where({ id: office }).delete();
    groups.splice(groups.indexOf(office), 1);
    await expectSame();
    await db('users').where({ id: members[4] }).delete();
    await expectSame();

    // No write at all: days pass, deadlines fall due and become overdue, certificates expire.
    for (const days of [1, 3, 6, 12, 25, 40, 400]) await expectSame(start + days * DAY_MS);
  }, 120_000);

  it('page the trust’s list by keys as sorting every pair does, whatever the filters and the offset', async () => {
    // Ties on names (the member's id decides), a member without a first name, schools of different courses.
    await db('users').whereIn('id', members.slice(0, 3)).update({ lastName: 'Same' });
    await db('users').where({ id: members[1] }).update({ firstName: null });
    await db('schoolLicences').where({ schoolId: schools[0], courseId: courses[0] }).update({ revokedAt: start });
    // Elm: 2 members × 3 courses, Oak: 2 × 2, Yew (attached above): 1 × 3.
    expect((await trustStatusPage(db, trustId, start, { limit: 50, offset: 0 })).total).toBe(13);
    const sameRows = (rows: Array<{ userId: number; courseId: number; schoolId: number; status: string }>) =>
      rows.map((row) => [row.schoolId, row.userId, row.courseId, row.status]);
    for (const filter of [{}, { schoolId: schools[1] }, { courseId: courses[1] }, { groupId: groups[0] }, { groupId: groups.at(-1) }, { schoolId: outsider }]) {
      for (const [limit, offset] of [
        [50, 0],
        [1, 0],
        [2, 1],
        [4, 3],
        [5, 7],
        [3, 14],
        [50, 100],
      ] as const) {
        const page = { ...filter, limit, offset };
        const expected = await trustStatusPage(db, trustId, start, page, { sorted: true });
        const actual = await trustStatusPage(db, trustId, start, page);
        expect(actual.total, JSON.stringify(page)).toBe(expected.total);
        expect(sameRows(actual.rows), JSON.stringify(page)).toEqual(sameRows(expected.rows));
      }
    }
  }, 120_000);

  it('are computed by readers at once, for neighbouring schools and with writes between, without an error', async () => {
    await db.raw('update status_count_versions set version = version + 1');
    const reads = () => [trustId, otherTrustId].flatMap((id) => [trustStatusCounts(db, id, start), trustStatusCounts(db, id, start, { courseId: courses[0] })]);
    await Promise.all([
      ...reads(),
      db('courseProgress').insert({ userId: members[2], courseId: courses[2], completedModules: 1, watchedSeconds: 1 }),
      ...reads(),
      db('schoolDeadlines').insert({ schoolId: schools[1], courseId: courses[2], completeByDay: today + 1, updatedAt: start }),
      ...reads(),
    ]);
    await expectSame();
  }, 120_000);
});
