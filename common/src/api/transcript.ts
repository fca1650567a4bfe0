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
