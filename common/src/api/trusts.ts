import type { TrainingStatus, TrainingStatusRowDto } from './deadlines.ts';
import type { AdminSchoolLicenceDto } from './schools.ts';

/** A trust (a multi-academy trust, a district): one account over many schools. */
export interface TrustDto {
  id: number;
  name: string;
  createdAt: string;
  schoolCount: number;
}

export interface TrustSchoolDto {
  id: number;
  name: string;
  country: string;
  members: number;
}

export interface TrustManagerDto {
  userId: number;
  name: string;
  email: string;
  joinedAt: string;
}

/** An invitation to manage a trust, mailed to one address; `status` as of the answer. */
export interface TrustInvitationDto {
  id: number;
  email: string;
  createdAt: string;
  expiresAt: string;
  status: 'pending' | 'expired';
}

/** The admin's page of one trust (/admin, Trusts tab). */
export interface AdminTrustDetailDto extends TrustDto {
  schools: TrustSchoolDto[];
  managers: TrustManagerDto[];
  invitations: TrustInvitationDto[];
  /** The trust's own licences (bought or granted for the trust), revoked ones too, newest first. */
  licences: AdminSchoolLicenceDto[];
}

/** The caller's trust, when they manage one (`GET /api/trusts/mine`). */
export interface MyTrustDto {
  /** `courseIds`: the courses the trust's own licences cover now (bought or granted for the trust). */
  trust: { id: number; name: string; courseIds: number[] } | null;
}

/** One school's line in the trust's overview: its members and its member × course pairs per status. */
export interface TrustSchoolCountsDto {
  schoolId: number;
  name: string;
  members: number;
  counts: Record<TrainingStatus, number>;
}

/** `/trust`: every school's counts by status and the trust's totals, for every course or one. */
export interface TrustOverviewDto {
  trust: { id: number; name: string };
  schools: TrustSchoolCountsDto[];
  totals: Record<TrainingStatus, number>;
  /** The courses licensed to any of its schools (the course filter's choices). */
  courses: Array<{ id: number; title: string }>;
}

/** One member × course row of the trust-wide list (paged: X-Total-Count holds the total). */
export interface TrustStatusRowDto extends TrainingStatusRowDto {
  schoolId: number;
  schoolName: string;
}

/** What an invitation link shows before it is accepted. */
export interface TrustInvitePreviewDto {
  trustName: string;
  email: string;
  /** Why the link cannot be used, or null when it can. */
  problem: string | null;
}

/** A course licensed to the trust's schools, with the trust's deadline for it (null fields: none set). */
export interface TrustCourseDeadlineDto {
  courseId: number;
  title: string;
  completeBy: string | null;
  newStaffDays: number | null;
  validityMonths: number | null;
  /** How many of the trust's schools license the course (the deadline reaches their staff). */
  schools: number;
  /** Schools whose own date for the course is later than the trust's: the trust's applies there. */
  schoolsOverridden: number;
}

/** `GET /api/trusts/:id/deadlines` (and the admin's): the trust's deadline per course. */
export interface TrustDeadlinesDto {
  courses: TrustCourseDeadlineDto[];
}

/** POST /api/trusts/:id/members/:userId/move: where the person was and is now, and when they moved. */
export interface MemberMoveDto {
  userId: number;
  fromSchoolId: number;
  toSchoolId: number;
  movedAt: string;
}
