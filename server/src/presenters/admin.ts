import {
  percentage,
  type AdminCertificateDto,
  type AdminOverviewDto,
  type CourseWatchingDto,
  type EnrollmentDto,
  type StudentDetailDto,
  type StudentStatsDto,
} from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { Certificate } from '../models/Certificate.ts';
import type { User } from '../models/User.ts';
import { certificateName } from '../models/Certificate.ts';
import type { AdminOverviewRow } from '../queries/adminOverview.ts';
import type { CourseWatchingRow } from '../queries/watching.ts';
import { presentWatching } from './deadlines.ts';
import { presentStudent } from './users.ts';

type DbNumber = number | string;

/** An enrollment joined with its course and counted progress, as the admin queries return it. */
export interface EnrollmentRow {
  id: DbNumber;
  userId: DbNumber;
  courseId: DbNumber;
  enrolledAt: DbNumber;
  courseTitle: string;
  totalModules: DbNumber | null;
  completedModules: DbNumber | null;
  userEmail?: string;
}

export function presentAdminEnrollment(row: EnrollmentRow): EnrollmentDto {
  const totalModules = Number(row.totalModules ?? 0);
  // A module deleted after completion no longer counts, and counts never exceed the course.
  const completedModules = Math.min(Number(row.completedModules ?? 0), totalModules);
  const dto: EnrollmentDto = {
    id: Number(row.id),
    userId: Number(row.userId),
    courseId: Number(row.courseId),
    courseTitle: row.courseTitle,
    enrolledAt: toIso(row.enrolledAt)!,
    totalModules,
    completedModules,
    progressPercentage: percentage(completedModules, totalModules),
  };
  if (row.userEmail !== undefined) dto.userEmail = row.userEmail;
  return dto;
}

/** Over current enrollments only: progress kept from an earlier enrollment does not count. */
export function studentStats(enrollments: EnrollmentDto[]): StudentStatsDto {
  const totalEnrollments = enrollments.length;
  return {
    totalEnrollments,
    completedModules: enrollments.reduce((sum, enrollment) => sum + enrollment.completedModules, 0),
    averageProgress: totalEnrollments ? Math.round(enrollments.reduce((sum, enrollment) => sum + enrollment.progressPercentage, 0) / totalEnrollments) : 0,
  };
}

export function presentStudentDetail(user: User, enrollments: EnrollmentDto[]): StudentDetailDto {
  return {
    ...presentStudent(user),
    enrollmentCount: enrollments.length,
    stats: studentStats(enrollments),
  };
}

export function presentAdminCertificate(certificate: Certificate): AdminCertificateDto {
  return {
    id: Number(certificate.id),
    userId: certificate.userId === null ? null : Number(certificate.userId),
    courseId: certificate.courseId === null ? null : Number(certificate.courseId),
    certificateNumber: certificate.certificateNumber,
    studentName: certificateName(certificate.studentName),
    courseName: certificate.courseName,
    completionPercentage: Number(certificate.completionPercentage),
    completedAt: toIso(certificate.completedAt)!,
    issuedAt: toIso(certificate.issuedAt)!,
    revokedAt: toIso(certificate.revokedAt),
  };
}

/** What a student played of each enrolled course and of its modules (in course order). */
export const presentStudentWatching = (courses: CourseWatchingRow[]): CourseWatchingDto[] =>
  courses.map((course) => ({
    courseId: course.courseId,
    ...presentWatching(course),
    modules: course.modules.map((module) => ({
      moduleId: module.moduleId,
      title: module.title,
      durationSeconds: module.durationSeconds,
      playedSeconds: module.playedSeconds,
      isCompleted: module.isCompleted,
      completedWithoutPlaying: module.completedWithoutPlaying,
    })),
  }));

/** The figures at the top of /admin. */
export const presentAdminOverview = (row: AdminOverviewRow): AdminOverviewDto => ({
  totalStudents: row.totalStudents,
  totalEnrollments: row.totalEnrollments,
  totalCourses: row.totalCourses,
  unhandledMessages: row.unhandledMessages,
});
