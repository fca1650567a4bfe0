import type { CourseSummaryDto, EnrollmentDto } from '@atrium/common';

/** SPEC §5: only the courses the student is not enrolled in yet, in catalogue order. */
export function enrollableCourses(courses: readonly CourseSummaryDto[], enrollments: readonly Pick<EnrollmentDto, 'courseId'>[]): CourseSummaryDto[] {
  const enrolled = new Set(enrollments.map((enrollment) => enrollment.courseId));
  return courses.filter((course) => !enrolled.has(course.id));
}
