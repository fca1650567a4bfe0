/** A completed course on a person's transcript (issue 59): the certificate that says so. */
export interface TranscriptCourseDto {
  certificateNumber: string;
  courseName: string;
  /** ISO time of completion. */
  completedAt: string;
  /** The day of completion (YYYY-MM-DD, UTC) that places it in a school year. */
  completedOn: string;
  /** The hours the certificate was issued with; null when the course had none then. */
  cpdHours: number | null;
  ceus: number | null;
  /** The final quiz's best score at issue time; null without one. */
  quizScore: number | null;
  /** The public certificate page, which links its signed credential. */
  certificatePath: string;
  /** The signed Open Badges credential. */
  credentialPath: string;
}

/** Training done elsewhere, as the person reported it: never on the verified record. */
export interface ExternalCpdDto {
  id: number;
  title: string;
  provider: string;
  /** YYYY-MM-DD */
  completedOn: string;
  cpdHours: number;
  createdAt: string;
}

export interface TranscriptYearDto {
  /** "2025–26" */
  label: string;
  start: string;
  end: string;
  /** Hours of the certificates completed in the year (verified). */
  verifiedHours: number;
  /** Hours of the external entries dated in the year (self-reported). */
  selfReportedHours: number;
  courses: number;
  externalEntries: number;
}

/** GET /api/transcript */
export interface TranscriptDto {
  courses: TranscriptCourseDto[];
  external: ExternalCpdDto[];
  /** Newest first; only years with an entry. */
  years: TranscriptYearDto[];
  /** The month (1–12) school years start on (CPD_YEAR_START_MONTH). */
  yearStartMonth: number;
  totalVerifiedHours: number;
  totalSelfReportedHours: number;
}
