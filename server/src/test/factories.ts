import type { Role } from '@atrium/common';
import argon2 from 'argon2';
import type { Db } from '../db/knex.ts';
import type { TestClient } from './client.ts';
import { writeCatalogue, type CatalogueDeps } from '../commands/catalogue/write.ts';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;
let sequence = 0;

/** One real argon2id hash per process: factories insert rows, they do not pay for hashing. */
const testPasswordHash = () => (passwordHash ??= argon2.hash(TEST_PASSWORD, { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 }));

export interface UserRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  /** Unset: an address nobody has proven, as after registering. */
  emailVerifiedAt?: number | null;
}

/** A learner; `id` may be chosen, e.g. one no other run shares when a key outlives the database (Redis). */
export async function createUser(db: Db, overrides: Partial<UserRow> & { company?: string | null } = {}): Promise<UserRow> {
  sequence += 1;
  const row = {
    email: `learner${sequence}-${Date.now()}@school.test`,
    firstName: 'Test',
    lastName: `Learner ${sequence}`,
    company: null,
    role: 'learner' as Role,
    ...overrides,
  };
  const [id] = await db('users').insert({ ...row, passwordHash: await testPasswordHash(), createdAt: Date.now(), updatedAt: Date.now() });
  return { id: Number(id), ...row };
}

export const createAdmin = (db: Db, overrides: Partial<Omit<UserRow, 'id'>> = {}) => createUser(db, { role: 'admin', ...overrides });

export async function signIn(client: TestClient, user: { email: string }, password = TEST_PASSWORD): Promise<void> {
  const response = await client.post('/api/login', { email: user.email, password });
  if (response.status !== 200) throw new Error(`sign in failed: ${response.status} ${response.text}`);
}

/** Course and module rows go in through the catalogue's one write path, which drops the app's cached catalogue. */
export async function createCourse(deps: CatalogueDeps, overrides: Record<string, unknown> = {}): Promise<{ id: number; title: string; price: number }> {
  sequence += 1;
  const row = { title: `Course ${sequence}`, description: 'A course for testing', price: 0, thumbnail: null, salesVideoId: null, ...overrides };
  const [id] = await writeCatalogue(deps, (trx) => trx('courses').insert({ ...row, createdAt: Date.now(), updatedAt: Date.now() }));
  return { id: typeof id === 'object' ? (id as { id: number }).id : (id as number), title: row.title as string, price: row.price as number };
}

export async function createModule(
  deps: CatalogueDeps,
  courseId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; courseId: number; duration: number; orderIndex: number }> {
  const count = Number((await deps.db('modules').where({ courseId }).count({ n: '*' }))[0]!.n);
  const row = {
    courseId,
    title: `Module ${count + 1}`,
    description: 'What this module covers',
    vimeoVideoId: '76979871',
    vimeoHash: null,
    duration: 600,
    orderIndex: count + 1,
    ...overrides,
  };
  const [id] = await writeCatalogue(deps, (trx) => trx('modules').insert({ ...row, createdAt: Date.now(), updatedAt: Date.now() }));
  return {
    id: typeof id === 'object' ? (id as { id: number }).id : (id as number),
    courseId,
    duration: row.duration as number,
    orderIndex: row.orderIndex as number,
  };
}

export async function enroll(db: Db, userId: number, courseId: number): Promise<void> {
  await db('enrollments').insert({ userId, courseId, source: 'admin', enrolledAt: Date.now() });
}

/**
 * A learner earns a certificate the real way: a one-module course, enrolled, the module reported
 * complete over the API. Returns the signed-in client and the course.
 */
export async function completeOneModuleCourse(deps: CatalogueDeps, learner: UserRow, client: TestClient): Promise<{ id: number; title: string }> {
  const course = await createCourse(deps);
  const module = await createModule(deps, course.id);
  await enroll(deps.db, learner.id, course.id);
  await signIn(client, learner);
  const progress = await client.post('/api/progress', { moduleId: module.id, courseId: course.id, watchedDuration: module.duration, isCompleted: true });
  if (progress.status !== 200) throw new Error(`progress failed: ${progress.status} ${progress.text}`);
  return course;
}
