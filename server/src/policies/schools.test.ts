import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, joinSchool } from '../commands/schools/membership.ts';
import type { User } from '../models/User.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { adminOfSchool, canManageSchool, schoolBuyer, schoolManager, schoolMemberRemover } from './schools.ts';

/**
 * The school policies the route table names, against a real database: for each kind of caller,
 * what they may do to school A. "other" manages school B; anonymous has no session.
 */
describe('school policies', () => {
  let test: TestDatabase;
  const people = {} as Record<'manager' | 'member' | 'otherManager' | 'admin', User>;
  let schoolA = 0;
  let schoolB = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    const { db } = test;
    people.manager = (await createUser(db, { email: 'manager@a.test' })) as unknown as User;
    people.member = (await createUser(db, { email: 'member@a.test' })) as unknown as User;
    people.otherManager = (await createUser(db, { email: 'manager@b.test' })) as unknown as User;
    people.admin = (await createAdmin(db, { email: 'admin@agency.test' })) as unknown as User;
    schoolA = await createSchool(db, { name: 'School A', country: 'GB' }, people.manager.id, Date.now());
    schoolB = await createSchool(db, { name: 'School B', country: 'GB' }, people.otherManager.id, Date.now());
    await joinSchool(db, people.member.id, schoolA, 'member', Date.now());
  });
  afterAll(() => test.destroy());

  const ctx = <I>(user: User | null, input: I) => ({ deps: { db: test.db }, state: { user }, input });
  const outcome = async (check: () => Promise<void>): Promise<number | 'ok'> => {
    try {
      await check();
      return 'ok';
    } catch (error) {
      return (error as { status: number }).status;
    }
  };
  const each = async (check: (user: User | null) => Promise<void>) => ({
    manager: await outcome(() => check(people.manager)),
    member: await outcome(() => check(people.member)),
    otherManager: await outcome(() => check(people.otherManager)),
    admin: await outcome(() => check(people.admin)),
    anonymous: await outcome(() => check(null)),
  });

  it('schoolManager: only the school’s own managers (admins use the admin routes)', async () => {
    expect(await each((user) => schoolManager(ctx(user, { params: { id: schoolA } })))).toEqual({
      manager: 'ok',
      member: 403,
      otherManager: 403,
      admin: 403,
      anonymous: 401,
    });
    // A school that does not exist is refused like any other school, so ids cannot be probed.
    expect(await outcome(() => schoolManager(ctx(people.manager, { params: { id: schoolB + 100 } })))).toBe(403);
  });

  it('schoolMemberRemover: a manager removes anyone of the school, a member only themselves', async () => {
    const removing = (userId: number) => each((user) => schoolMemberRemover(ctx(user, { params: { id: schoolA, userId } })));
    expect(await removing(people.member.id)).toEqual({ manager: 'ok', member: 'ok', otherManager: 403, admin: 403, anonymous: 401 });
    expect(await removing(people.manager.id)).toEqual({ manager: 'ok', member: 403, otherManager: 403, admin: 403, anonymous: 401 });
  });

  it('adminOfSchool: admins, on a school that exists', async () => {
    expect(await each((user) => adminOfSchool(ctx(user, { params: { id: schoolA } })))).toEqual({
      manager: 403,
      member: 403,
      otherManager: 403,
      admin: 'ok',
      anonymous: 401,
    });
    expect(await outcome(() => adminOfSchool(ctx(people.admin, { params: { id: schoolB + 100 } })))).toBe(404);
  });

  it('schoolBuyer: buying for a school is for its managers; buying for oneself is anyone’s', async () => {
    expect(await each((user) => schoolBuyer(ctx(user, { body: { schoolId: schoolA } })))).toEqual({
      manager: 'ok',
      member: 403,
      otherManager: 403,
      admin: 403,
      anonymous: 401,
    });
    expect(await each((user) => schoolBuyer(ctx(user, { body: { schoolId: null } })))).toEqual({
      manager: 'ok',
      member: 'ok',
      otherManager: 'ok',
      admin: 'ok',
      anonymous: 401,
    });
  });

  it('canManageSchool reads the role and the school of the membership', () => {
    expect(canManageSchool({ schoolId: 1, role: 'manager' }, 1)).toBe(true);
    expect(canManageSchool({ schoolId: 1, role: 'member' }, 1)).toBe(false);
    expect(canManageSchool({ schoolId: 2, role: 'manager' }, 1)).toBe(false);
    expect(canManageSchool(null, 1)).toBe(false);
  });
});
