import { z } from 'zod';
import { captionPreferencesDtoSchema } from './accessibility.ts';
import type { MyDataExportDto } from './myData.ts';
import { userDtoSchema } from './users.ts';

/**
 * `GET /api/user/export` ("Download my data") as a zod schema, for the API reference and the drift
 * test (server/src/routes/openapi/drift.test.ts), which holds every export to it: a section the
 * server adds, drops or reshapes without this schema fails there. `MyDataExportDto` (myData.ts)
 * stays the interface its sections are written against, so a new table's section is one line
 * there; the check at the end of this file fails to compile until the section is added here too.
 */
const isoTime = z.string();
const day = z.string();

export const myDataExportDtoSchema = z
  .object({
    exportedAt: isoTime,
    profile: userDtoSchema.extend({ captions: captionPreferencesDtoSchema }),
    avatar: z.object({ contentType: z.string(), dataUrl: z.string(), updatedAt: isoTime }).nullable(),
    signIns: z.array(z.object({ provider: z.string(), email: z.string().nullable(), linkedAt: isoTime, lastUsedAt: isoTime.nullable() })),
    schools: z.array(z.object({ school: z.string(), role: z.string(), joinedAt: isoTime })),
    groups: z.array(z.object({ group: z.string(), joinedAt: isoTime })),
    trusts: z.array(z.object({ trust: z.string(), joinedAt: isoTime })),
    trustInvitations: z.array(
      z.object({ trust: z.string(), createdAt: isoTime, expiresAt: isoTime, acceptedAt: isoTime.nullable(), revokedAt: isoTime.nullable() }),
    ),
    invitations: z.array(
      z.object({
        school: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        createdAt: isoTime,
        expiresAt: isoTime.nullable(),
        revokedAt: isoTime.nullable(),
      }),
    ),
    enrollments: z.array(z.object({ course: z.string(), enrolledAt: isoTime, source: z.string() })),
    progress: z.array(
      z.object({
        module: z.string(),
        watchedDuration: z.number(),
        playedSeconds: z.number(),
        position: z.number().nullable(),
        isCompleted: z.boolean(),
        completedAt: isoTime.nullable(),
        updatedAt: isoTime,
      }),
    ),
    comments: z.array(z.object({ module: z.string(), comment: z.string(), createdAt: isoTime })),
    discussionSettings: z.object({ showSchool: z.boolean(), updatedAt: isoTime, repliesSeenAt: isoTime.nullable() }).nullable(),
    commentReports: z.array(
      z.object({ module: z.string(), comment: z.string(), reason: z.string(), details: z.string(), createdAt: isoTime, resolvedAt: isoTime.nullable() }),
    ),
    commentFollows: z.array(z.object({ module: z.string(), thread: z.string(), following: z.boolean(), createdAt: isoTime, notifiedAt: isoTime.nullable() })),
    certificates: z.array(
      z.object({
        certificateNumber: z.string(),
        courseName: z.string(),
        studentName: z.string(),
        completedAt: isoTime,
        issuedAt: isoTime,
        revokedAt: isoTime.nullable(),
        cpdHours: z.number().nullable(),
      }),
    ),
    quizAttempts: z.array(
      z.object({
        course: z.string(),
        quiz: z.string(),
        score: z.number(),
        passed: z.boolean(),
        submittedAt: isoTime,
        answers: z.array(z.object({ question: z.string(), chosen: z.array(z.string()), correct: z.boolean() })),
      }),
    ),
    submissions: z.array(
      z.object({
        course: z.string(),
        assignment: z.string(),
        round: z.number(),
        status: z.string(),
        note: z.string().nullable(),
        link: z.string().nullable(),
        createdAt: isoTime,
        submittedAt: isoTime.nullable(),
        reviewedAt: isoTime.nullable(),
        feedback: z.string().nullable(),
        files: z.array(
          z.object({
            name: z.string(),
            kind: z.string(),
            contentType: z.string(),
            size: z.number(),
            feedback: z.string().nullable(),
            uploadedAt: isoTime,
          }),
        ),
      }),
    ),
    certificateRenewals: z.array(z.object({ course: z.string(), round: z.number(), startedAt: isoTime })),
    externalCpd: z.array(
      z.object({
        title: z.string(),
        provider: z.string(),
        completedOn: day,
        cpdHours: z.number(),
        createdAt: isoTime,
        evidence: z.object({ fileName: z.string(), contentType: z.string(), size: z.number(), downloadPath: z.string() }).nullable(),
      }),
    ),
    cpdSharing: z.object({
      links: z.array(z.object({ label: z.string(), createdAt: isoTime, stoppedAt: isoTime.nullable() })),
      schools: z.array(z.object({ school: z.string(), sharedAt: isoTime })),
    }),
    credentials: z.array(z.object({ certificateNumber: z.string(), credentialId: z.string(), subjectId: z.string(), jwt: z.string() })),
    orders: z.array(
      z.object({
        courseTitle: z.string(),
        schoolName: z.string(),
        billingEmail: z.string(),
        purchaseOrderNumber: z.string().nullable(),
        amount: z.number(),
        currency: z.string(),
        status: z.string(),
        createdAt: isoTime,
        paidAt: isoTime.nullable(),
      }),
    ),
    payments: z.array(
      z.object({
        amount: z.number(),
        currency: z.string(),
        status: z.string(),
        createdAt: isoTime,
        paidAt: isoTime.nullable(),
        refundedAt: isoTime.nullable(),
      }),
    ),
    contactMessages: z.array(
      z.object({
        name: z.string(),
        email: z.string(),
        company: z.string().nullable(),
        phone: z.string().nullable(),
        message: z.string(),
        createdAt: isoTime,
      }),
    ),
    remindersSent: z.array(z.object({ course: z.string().nullable(), kind: z.string(), dueDay: day, sentAt: isoTime })),
    unsubscribes: z.array(z.object({ category: z.string(), since: isoTime })),
    mail: z.array(z.object({ subject: z.string(), status: z.string(), createdAt: isoTime, sentAt: isoTime.nullable() })),
  })
  .meta({ id: 'MyDataExportDto' });

/** True only when each type is assignable to the other: no property more, less, optional or of another type on either side. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when MyDataExportDto (myData.ts) and this schema differ: change both. */
const schemaMatchesInterface: Same<z.infer<typeof myDataExportDtoSchema>, MyDataExportDto> = true;
void schemaMatchesInterface;
