import { z } from 'zod';
import { currencySchema } from '../schemas/prices.ts';
import { courseSummaryDtoSchema, enrollmentDtoSchema } from './courses.ts';

export const roleSchema = z.enum(['admin', 'learner']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the portal sees them (GET /api/user, login, register, profile). */
export const userDtoSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    company: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role: roleSchema,
    createdAt: z.string(),
    /** Whether the address was confirmed through the mailed link (joins a school by its domain). */
    emailVerified: z.boolean().optional(),
    /** The currency chosen with the header switcher; null until one is chosen. */
    currency: currencySchema.nullable().optional(),
  })
  .meta({ id: 'UserDto' });
export type UserDto = z.infer<typeof userDtoSchema>;

/** A user as an admin sees them in the students panel and detail page. */
export const studentDtoSchema = userDtoSchema.extend({ enrollmentCount: z.number() }).meta({ id: 'StudentDto' });
export type StudentDto = z.infer<typeof studentDtoSchema>;

export const adminOverviewDtoSchema = z
  .object({ totalStudents: z.number(), totalEnrollments: z.number(), totalCourses: z.number(), unhandledMessages: z.number() })
  .meta({ id: 'AdminOverviewDto' });
export type AdminOverviewDto = z.infer<typeof adminOverviewDtoSchema>;

/** Figures on the admin student page, over the courses the student is enrolled in now. */
export const studentStatsDtoSchema = z
  .object({
    totalEnrollments: z.number(),
    completedModules: z.number(),
    /** Mean of the enrollments' progress percentages, rounded; 0 without enrollments. */
    averageProgress: z.number(),
  })
  .meta({ id: 'StudentStatsDto' });
export type StudentStatsDto = z.infer<typeof studentStatsDtoSchema>;

/** GET /api/admin/students/:id */
export const studentDetailDtoSchema = studentDtoSchema.extend({ stats: studentStatsDtoSchema }).meta({ id: 'StudentDetailDto' });
export type StudentDetailDto = z.infer<typeof studentDetailDtoSchema>;

/** POST /api/admin/enroll */
export const adminEnrollResultDtoSchema = z
  .object({
    student: studentDtoSchema,
    course: courseSummaryDtoSchema,
    enrollment: enrollmentDtoSchema,
    /** True when the student was enrolled before this request (nothing was added). */
    alreadyEnrolled: z.boolean(),
  })
  .meta({ id: 'AdminEnrollResultDto' });
export type AdminEnrollResultDto = z.infer<typeof adminEnrollResultDtoSchema>;
