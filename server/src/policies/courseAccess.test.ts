import { describe, expect, it } from 'vitest';
import { courseAccessOf, requireCourseAbility } from './courseAccess.ts';

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
