import { z } from 'zod';
import { courseRuleShape, trainingStatusCountsSchema, trainingStatusRowDtoSchema } from './deadlines.ts';
import { adminSchoolLicenceDtoSchema } from './schools.ts';

const trustShape = {
  id: z.number(),
  name: z.string(),
  /** ISO, as are the other instants here. */
  createdAt: z.string(),
  schoolCount: z.number(),
};
/** A trust (a multi-academy trust, a district): one account over many schools. */
export const trustDtoSchema = z.object(trustShape).meta({ id: 'TrustDto' });
export type TrustDto = z.infer<typeof trustDtoSchema>;

export const trustSchoolDtoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    country: z.string(),
    members: z.number(),
  })
  .meta({ id: 'TrustSchoolDto' });
export type TrustSchoolDto = z.infer<typeof trustSchoolDtoSchema>;

export const trustManagerDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    joinedAt: z.string(),
  })
  .meta({ id: 'TrustManagerDto' });
export type TrustManagerDto = z.infer<typeof trustManagerDtoSchema>;

/** An invitation to manage a trust, mailed to one address; `status` as of the answer. */
export const trustInvitationDtoSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    status: z.enum(['pending', 'expired']),
  })
  .meta({ id: 'TrustInvitationDto' });
export type TrustInvitationDto = z.infer<typeof trustInvitationDtoSchema>;

/** The admin's page of one trust (/admin, Trusts tab). */
export const adminTrustDetailDtoSchema = z
  .object({
    ...trustShape,
    schools: z.array(trustSchoolDtoSchema),
    managers: z.array(trustManagerDtoSchema),
    invitations: z.array(trustInvitationDtoSchema),
    /** The trust's own licences (bought or granted for the trust), revoked ones too, newest first. */
    licences: z.array(adminSchoolLicenceDtoSchema),
    /** The caller's API root for this trust: `/api/admin/trusts/:id` (its managers' twin is `/api/trusts/:id`). */
    api: z.string(),
  })
  .meta({ id: 'AdminTrustDetailDto' });
export type AdminTrustDetailDto = z.infer<typeof adminTrustDetailDtoSchema>;

/** GET /api/trusts/:id/managers: the trust's managers and the invitations still open. */
export const trustManagersDtoSchema = z
  .object({ managers: z.array(trustManagerDtoSchema), invitations: z.array(trustInvitationDtoSchema) })
  .meta({ id: 'TrustManagersDto' });
export type TrustManagersDto = z.infer<typeof trustManagersDtoSchema>;

/** The caller's trust, when they manage one (`GET /api/trusts/mine`). */
export const myTrustDtoSchema = z
  .object({
    /**
     * `courseIds`: the courses the trust's own licences cover now (bought or granted for the trust);
     * `api`: the caller's API root for it, `/api/trusts/:id`, whose routes the trust's page calls.
     */
    trust: z.object({ id: z.number(), name: z.string(), courseIds: z.array(z.number()), api: z.string() }).nullable(),
  })
  .meta({ id: 'MyTrustDto' });
export type MyTrustDto = z.infer<typeof myTrustDtoSchema>;

/** One school's line in the trust's overview: its members and its member × course pairs per status. */
export const trustSchoolCountsDtoSchema = z
  .object({
    schoolId: z.number(),
    name: z.string(),
    members: z.number(),
    counts: trainingStatusCountsSchema,
  })
  .meta({ id: 'TrustSchoolCountsDto' });
export type TrustSchoolCountsDto = z.infer<typeof trustSchoolCountsDtoSchema>;

/** `/trust`: every school's counts by status and the trust's totals, for every course or one. */
export const trustOverviewDtoSchema = z
  .object({
    trust: z.object({ id: z.number(), name: z.string() }),
    schools: z.array(trustSchoolCountsDtoSchema),
    totals: trainingStatusCountsSchema,
    /** The courses licensed to any of its schools (the course filter's choices), each with the schools that hold it. */
    courses: z.array(z.object({ id: z.number(), title: z.string(), schoolIds: z.array(z.number()) })),
  })
  .meta({ id: 'TrustOverviewDto' });
export type TrustOverviewDto = z.infer<typeof trustOverviewDtoSchema>;

/** One member × course row of the trust-wide list (paged: X-Total-Count holds the total). */
export const trustStatusRowDtoSchema = z
  .object({ ...trainingStatusRowDtoSchema.shape, schoolId: z.number(), schoolName: z.string() })
  .meta({ id: 'TrustStatusRowDto' });
export type TrustStatusRowDto = z.infer<typeof trustStatusRowDtoSchema>;

/** What an invitation link shows before it is accepted. */
export const trustInvitePreviewDtoSchema = z
  .object({
    trustName: z.string(),
    email: z.string(),
    /** Why the link cannot be used, or null when it can. */
    problem: z.string().nullable(),
  })
  .meta({ id: 'TrustInvitePreviewDto' });
export type TrustInvitePreviewDto = z.infer<typeof trustInvitePreviewDtoSchema>;

/** A course licensed to the trust's schools, with the trust's deadline for it (null fields: none set). */
export const trustCourseDeadlineDtoSchema = z
  .object({
    ...courseRuleShape,
    /** How many of the trust's schools license the course (the deadline reaches their staff). */
    schools: z.number(),
    /** Schools whose own date for the course is later than the trust's: the trust's applies there. */
    schoolsOverridden: z.number(),
  })
  .meta({ id: 'TrustCourseDeadlineDto' });
export type TrustCourseDeadlineDto = z.infer<typeof trustCourseDeadlineDtoSchema>;

/** `GET /api/trusts/:id/deadlines` (and the admin's): the trust's deadline per course. */
export const trustDeadlinesDtoSchema = z.object({ courses: z.array(trustCourseDeadlineDtoSchema) }).meta({ id: 'TrustDeadlinesDto' });
export type TrustDeadlinesDto = z.infer<typeof trustDeadlinesDtoSchema>;

/** POST /api/trusts/:id/members/:userId/move: where the person was and is now, and when they moved. */
export const memberMoveDtoSchema = z
  .object({
    userId: z.number(),
    fromSchoolId: z.number(),
    toSchoolId: z.number(),
    /** ISO. */
    movedAt: z.string(),
  })
  .meta({ id: 'MemberMoveDto' });
export type MemberMoveDto = z.infer<typeof memberMoveDtoSchema>;
