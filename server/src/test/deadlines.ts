import { randomBytes } from 'node:crypto';
import type { Db } from '../db/knex.ts';
import { Scheduler } from '../scheduler/scheduler.ts';
import { reminderJobs } from '../reminders/jobs.ts';
import { createAdmin, createCourse, createModule, createUser, signIn, type UserRow } from './factories.ts';
import { schoolWithManager } from './schools.ts';
import type { FileTestServer } from './useTestServer.ts';
import type { TestClient } from './client.ts';

/** A school with a manager (signed in), a licensed course of two modules and a signed-in admin. */
export async function licensedSchool(server: FileTestServer, name?: string) {
  const manager = await schoolWithManager(server, name);
  const admin = server.client();
  await signIn(admin, await createAdmin(server.db));
  const course = await createCourse(server, { price: 0 });
  await createModule(server, course.id);
  await createModule(server, course.id);
  const licensed = await admin.post(`/api/admin/schools/${manager.schoolId}/licences`, { courseId: course.id });
  if (licensed.status !== 200) throw new Error(`licence not granted: ${licensed.status} ${licensed.text}`);
  return { manager, admin, schoolId: manager.schoolId, course };
}

/** A member row joined at `joinedAt` (a test arranges who joined when). */
export async function addMember(db: Db, schoolId: number, joinedAt: number, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  const user = await createUser(db, { email: `m-${randomBytes(5).toString('hex')}@school.test`, ...overrides });
  await db('schoolMembers').insert({ schoolId, userId: user.id, role: 'member', joinedAt });
  return user;
}

/** A certificate row for a member, issued at `at`. */
export async function certify(db: Db, userId: number, courseId: number, at: number): Promise<string> {
  const number = `ATR-TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
  const course = (await db('courses').where({ id: courseId }).first('title'))!;
  await db('certificates').insert({
    userId,
    courseId,
    certificateNumber: number,
    studentName: 'Test Learner',
    courseName: course.title,
    completionPercentage: 100,
    completedAt: at,
    issuedAt: at,
    revokedAt: null,
  });
  return number;
}

/** Some progress on a course, as the progress triggers would leave it. */
export async function startCourse(db: Db, userId: number, courseId: number): Promise<void> {
  // Merged: an enrollment has its zero row already (051_enrolled_figures).
  await db('courseProgress').insert({ userId, courseId, completedModules: 1, watchedSeconds: 300 }).onConflict(['userId', 'courseId']).merge();
}

/** The app's scheduler with the real jobs, run by the test (tick) rather than by a timer. */
export const testScheduler = (server: Pick<FileTestServer, 'app'>) => new Scheduler(server.app.deps, reminderJobs());

export async function statuses(client: TestClient, path: string): Promise<Record<number, string>> {
  const response = await client.get(path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
  return Object.fromEntries((response.body as Array<{ userId: number; status: string }>).map((row) => [row.userId, row.status]));
}
