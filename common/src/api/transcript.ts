import { z } from 'zod';

/** A completed course on a person's transcript (issue 59): the certificate that says so. */
export const transcriptCourseDtoSchema = z
  .object({
    certificateNumber: z.string(),
    courseName: z.string(),
    /** ISO time of completion. */
    completedAt: z.string(),
    /** The day of completion (YYYY-MM-DD, UTC) that places it in a school year. */
    completedOn: z.string(),
    /** The hours the certificate was issued with; null when the course had none then. */
    cpdHours: z.number().nullable(),
    ceus: z.number().nullable(),
    /** The final quiz's best score at issue time; null without one. */
    quizScore: z.number().nullable(),
    /** The public certificate page, which links its signed credential. */
    certificatePath: z.string(),
    /** The signed Open Badges credential. */
    credentialPath: z.string(),
  })
  .meta({ id: 'TranscriptCourseDto' });
export type TranscriptCourseDto = z.infer<typeof transcriptCourseDtoSchema>;

/** Training done elsewhere, as the person reported it: never on the verified record. */
export const externalCpdDtoSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    provider: z.string(),
    /** YYYY-MM-DD */
    completedOn: z.string(),
    cpdHours: z.number(),
    createdAt: z.string(),
    /** The evidence file the person attached (only they can download it), or null. */
    evidence: z
      .object({
        fileName: z.string(),
        contentType: z.string(),
        size: z.number(),
        downloadPath: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'ExternalCpdDto' });
export type ExternalCpdDto = z.infer<typeof externalCpdDtoSchema>;

export const transcriptYearDtoSchema = z
  .object({
    /** "2025–26" */
    label: z.string(),
    start: z.string(),
    end: z.string(),
    /** Hours of the certificates completed in the year (verified). */
    verifiedHours: z.number(),
    /** Hours of the external entries dated in the year (self-reported). */
    selfReportedHours: z.number(),
    courses: z.number(),
    externalEntries: z.number(),
  })
  .meta({ id: 'TranscriptYearDto' });
export type TranscriptYearDto = z.infer<typeof transcriptYearDtoSchema>;

/** GET /api/transcript */
export const transcriptDtoSchema = z
  .object({
    courses: z.array(transcriptCourseDtoSchema),
    external: z.array(externalCpdDtoSchema),
    /** Newest first; only years with an entry. */
    years: z.array(transcriptYearDtoSchema),
    /** The month (1–12) school years start on (CPD_YEAR_START_MONTH). */
    yearStartMonth: z.number(),
    totalVerifiedHours: z.number(),
    totalSelfReportedHours: z.number(),
  })
  .meta({ id: 'TranscriptDto' });
export type TranscriptDto = z.infer<typeof transcriptDtoSchema>;

/** One public link to the person's verified record. The link itself is shown only when it is made. */
export const transcriptShareDtoSchema = z
  .object({
    id: z.number(),
    label: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'TranscriptShareDto' });
export type TranscriptShareDto = z.infer<typeof transcriptShareDtoSchema>;

/** POST /api/transcript/shares: the new link, whose token is never shown again. */
export const createdTranscriptShareDtoSchema = transcriptShareDtoSchema
  .extend({ url: z.string(), pdfUrl: z.string() })
  .meta({ id: 'CreatedTranscriptShareDto' });
export type CreatedTranscriptShareDto = z.infer<typeof createdTranscriptShareDtoSchema>;

/** A school the person is a member of, and whether it sees their whole record or only what they did there. */
export const transcriptSchoolDtoSchema = z
  .object({ schoolId: z.number(), name: z.string(), memberSince: z.string(), sharedWholeRecord: z.boolean() })
  .meta({ id: 'TranscriptSchoolDto' });
export type TranscriptSchoolDto = z.infer<typeof transcriptSchoolDtoSchema>;

/** GET /api/transcript/sharing: the person's working links and their schools. */
export const transcriptSharingDtoSchema = z
  .object({ links: z.array(transcriptShareDtoSchema), schools: z.array(transcriptSchoolDtoSchema) })
  .meta({ id: 'TranscriptSharingDto' });
export type TranscriptSharingDto = z.infer<typeof transcriptSharingDtoSchema>;

/** GET /api/records/:token: a person's verified record as anyone holding the link sees it (no self-reported entries). */
export const publicRecordDtoSchema = z
  .object({
    name: z.string(),
    courses: z.array(
      transcriptCourseDtoSchema.pick({ certificateNumber: true, courseName: true, completedOn: true, cpdHours: true, ceus: true, quizScore: true }).extend({
        /** The public page that checks the certificate's signed credential. */
        verifyPath: z.string(),
      }),
    ),
    years: z.array(transcriptYearDtoSchema.pick({ label: true, start: true, end: true, verifiedHours: true, courses: true })),
    totalVerifiedHours: z.number(),
    yearStartMonth: z.number(),
    /** The printable PDF of this record. */
    pdfPath: z.string(),
    generatedAt: z.string(),
  })
  .meta({ id: 'PublicRecordDto' });
export type PublicRecordDto = z.infer<typeof publicRecordDtoSchema>;

/** One person's verified CPD hours in a range, as their school's or trust's managers see them. */
export const personCpdHoursDtoSchema = z
  .object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    /** Their school (the trust's view lists several). */
    schoolName: z.string(),
    hours: z.number(),
    /** Certificates counted (some may carry no hours). */
    courses: z.number(),
    /**
     * Whether the person shares their whole record with the school: otherwise only courses
     * completed while its member count (for the trust, while a member of one of its schools).
     */
    wholeRecordShared: z.boolean(),
  })
  .meta({ id: 'PersonCpdHoursDto' });
export type PersonCpdHoursDto = z.infer<typeof personCpdHoursDtoSchema>;

/** GET /api/schools/:id/cpd-hours, GET /api/trusts/:id/cpd-hours */
export const cpdHoursDtoSchema = z
  .object({
    /** The range counted, both days included (YYYY-MM-DD). */
    from: z.string(),
    to: z.string(),
    /** "2025–26" when the range is one whole school year, else null. */
    schoolYear: z.string().nullable(),
    totalHours: z.number(),
    people: z.array(personCpdHoursDtoSchema),
  })
  .meta({ id: 'CpdHoursDto' });
export type CpdHoursDto = z.infer<typeof cpdHoursDtoSchema>;
