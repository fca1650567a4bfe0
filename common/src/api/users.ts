import type { Currency } from '../rules/currency.ts';
import type { CourseSummaryDto, EnrollmentDto } from './courses.ts';

export type Role = 'admin' | 'learner';

/** The signed-in user as the portal sees them (GET /api/user, login, register, profile). */
export interface UserDto {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  profileImageUrl: string | null;
  role: Role;
  createdAt: string;
  /** Whether the address was confirmed through the mailed link (joins a school by its domain). */
  emailVerified?: boolean;
  /** The currency chosen with the header switcher; null until one is chosen. */
  currency?: Currency | null;
}

/** A user as an admin sees them in the students panel and detail page. */
export interface StudentDto extends UserDto {
  enrollmentCount: number;
}

export interface AdminOverviewDto {
  totalStudents: number;
  totalEnrollments: number;
  totalCourses: number;
  unhandledMessages: number;
}

/** Figures on the admin student page, over the courses the student is enrolled in now. */
export interface StudentStatsDto {
  totalEnrollments: number;
  completedModules: number;
  /** Mean of the enrollments' progress percentages, rounded; 0 without enrollments. */
  averageProgress: number;
}

/** GET /api/admin/students/:id */
export interface StudentDetailDto extends StudentDto {
  stats: StudentStatsDto;
}

/** POST /api/admin/enroll */
export interface AdminEnrollResultDto {
  student: StudentDto;
  course: CourseSummaryDto;
  enrollment: EnrollmentDto;
  /** True when the student was enrolled before this request (nothing was added). */
  alreadyEnrolled: boolean;
}
