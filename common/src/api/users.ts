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
