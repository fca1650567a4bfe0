import { describe, expect, it } from 'vitest';
import { createAdmin, createCourse, createUser, enroll } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { courseAccess, courseAccessOf, mayRecordProgress, requireCourseAbility } from './courseAccess.ts';

const learner = { id: 1, role: 'learner' as const };
const admin = { id: 2, role: 'admin' as const };

describe("courseAccessOf: the one rule for a course's content", () => {
  it('an enrolled learner views and records progress', () => {
    expect(courseAccessOf(learner, true)).toEqual({ enrolled: true, view: true, recordProgress: true });
  });

  it('a learner without an enrollment does neither', () => {
    expect(courseAccessOf(learner, false)).toEqual({ enrolled: false, view: false, recordProgress: false });
  });

  it('an admin views without an enrollment but leaves no progress; enrolled, an admin records it like anyone', () => {
    expect(courseAccessOf(admin, false)).toEqual({ enrolled: false, view: true, recordProgress: false });
    expect(courseAccessOf(admin, true)).toEqual({ enrolled: true, view: true, recordProgress: true });
  });

  it('nobody signed out, whatever is claimed about an enrollment', () => {
    expect(courseAccessOf(null, true)).toEqual({ enrolled: false, view: false, recordProgress: false });
  });

  it('a refusal is a 403 not_enrolled saying what enrolling would allow', () => {
    expect(() => requireCourseAbility(courseAccessOf(admin, false), 'recordProgress', 'renewal')).toThrow(
      expect.objectContaining({ status: 403, message: 'Enroll in this course to renew its certificate' }),
    );
    expect(() => requireCourseAbility(courseAccessOf(admin, false), 'view', 'quiz')).not.toThrow();
  });
});

describe('the policy reads the enrollment (the one reader of it)', () => {
  const server = useTestServer();

  it('answers courseAccess and mayRecordProgress alike for a learner, an admin and someone not enrolled', async () => {
    const course = await createCourse(server);
    const enrolled = await createUser(server.db);
    const stranger = await createUser(server.db);
    const enrolledAdmin = await createAdmin(server.db);
    const admin = await createAdmin(server.db);
    for (const user of [enrolled, enrolledAdmin]) await enroll(server.db, user.id, course.id);
    for (const [user, records] of [
      [enrolled, true],
      [enrolledAdmin, true],
      [stranger, false],
      [admin, false],
    ] as const) {
      const access = await courseAccess(server.db, user, course.id, 'enrollment');
      expect([access.enrolled, access.recordProgress, await mayRecordProgress(server.db, user.id, course.id)]).toEqual([records, records, records]);
    }
    // Viewing needs no enrollment for an admin, so it is answered without reading one.
    expect(await courseAccess(server.db, admin, course.id)).toEqual({ enrolled: false, view: true, recordProgress: false });
  });
});
