import type { CaptionPreferencesDto } from './accessibility.ts';
import type { UserDto } from './users.ts';

/**
 * `GET /api/user/export` ("Download my data"): everything Atrium holds about the signed-in person,
 * as one JSON file. Every section is filled from the tables declared in
 * `server/src/db/personalData.ts`, and a test fails when a table holding personal data is neither
 * exported here nor excluded there with a reason. Times are ISO 8601, days YYYY-MM-DD. Sections
 * found by address (invitations, contactMessages, mail) stay empty until the address is verified.
 */
export interface MyDataExportDto {
  exportedAt: string;
  /** The account as the app shows it, with the caption choice made on module pages. */
  profile: UserDto & { captions: CaptionPreferencesDto };
  /** The profile picture as uploaded (re-encoded), or null when there is none. */
  avatar: { contentType: string; dataUrl: string; updatedAt: string } | null;
  /** Google or Microsoft accounts linked for signing in. */
  signIns: Array<{ provider: string; email: string | null; linkedAt: string; lastUsedAt: string | null }>;
  schools: Array<{ school: string; role: string; joinedAt: string }>;
  /** The staff groups of a school or trust this person is in (a course given to a group has its deadline rule). */
  groups: Array<{ group: string; joinedAt: string }>;
  /** The trust (multi-academy trust or district) this person manages. */
  trusts: Array<{ trust: string; joinedAt: string }>;
  /** Invitations to manage a trust addressed to this person's e-mail address. */
  trustInvitations: Array<{ trust: string; createdAt: string; expiresAt: string; acceptedAt: string | null; revokedAt: string | null }>;
  /** School invitations addressed to this person's e-mail address. */
  invitations: Array<{
    school: string;
    /** The name the manager gave when inviting, if any. */
    firstName: string | null;
    lastName: string | null;
    createdAt: string;
    expiresAt: string | null;
    revokedAt: string | null;
  }>;
  enrollments: Array<{ course: string; enrolledAt: string; source: string }>;
  progress: Array<{
    module: string;
    /** SPEC's watched seconds: the whole duration once the module was marked complete. */
    watchedDuration: number;
    /** Distinct seconds the player reported as actually played (never raised by Mark as Complete). */
    playedSeconds: number;
    position: number | null;
    isCompleted: boolean;
    completedAt: string | null;
    updatedAt: string;
  }>;
  comments: Array<{ module: string; comment: string; createdAt: string }>;
  /** Discussion choices (issue 58): whether their school shows next to their name; null until first chosen. */
  discussionSettings: { showSchool: boolean; updatedAt: string; repliesSeenAt: string | null } | null;
  /** Comments they reported to the moderators (issue 58): the comment's text as it is now, their reason and words. */
  commentReports: Array<{ module: string; comment: string; reason: string; details: string; createdAt: string; resolvedAt: string | null }>;
  /** Threads they follow or stopped following (issue 58): the thread's opening words as they are now, and their last reply e-mail. */
  commentFollows: Array<{ module: string; thread: string; following: boolean; createdAt: string; notifiedAt: string | null }>;
  certificates: Array<{
    certificateNumber: string;
    courseName: string;
    studentName: string;
    completedAt: string;
    issuedAt: string;
    revokedAt: string | null;
    /** The CPD hours it was issued with (issue 59); null: none. */
    cpdHours: number | null;
  }>;
  /** Knowledge-check attempts (issue 36): each question as it read when answered, the options chosen, and whether it was right. */
  quizAttempts: Array<{
    course: string;
    quiz: string;
    score: number;
    passed: boolean;
    submittedAt: string;
    answers: Array<{ question: string; chosen: string[]; correct: boolean }>;
  }>;
  /**
   * Assignment work (issue 37), each round with its feedback and the files it carried (names,
   * types and sizes: the files themselves are on the assignment's page while the account exists).
   */
  submissions: Array<{
    course: string;
    assignment: string;
    round: number;
    status: string;
    note: string | null;
    link: string | null;
    createdAt: string;
    submittedAt: string | null;
    reviewedAt: string | null;
    feedback: string | null;
    files: Array<{ name: string; kind: string; contentType: string; size: number; feedback: string | null; uploadedAt: string }>;
  }>;
  /** A course taken again to renew a certificate that expires. */
  certificateRenewals: Array<{ course: string; round: number; startedAt: string }>;
  /** Training done elsewhere that the person added to their transcript (issue 59): self-reported. */
  externalCpd: Array<{
    title: string;
    provider: string;
    completedOn: string;
    cpdHours: number;
    createdAt: string;
    /** The evidence file attached (its bytes at `downloadPath`, for the signed-in owner), or null. */
    evidence: { fileName: string; contentType: string; size: number; downloadPath: string } | null;
  }>;
  /** Links to the verified record the person made (the links themselves are never kept), and whether their school sees their whole record. */
  cpdSharing: {
    links: Array<{ label: string; createdAt: string; stoppedAt: string | null }>;
    schools: Array<{ school: string; sharedAt: string }>;
  };
  /** Each certificate that is not revoked as an Open Badges 3.0 VC-JWT, signed as `GET /api/certificates/:number/credential` answers it. */
  credentials: Array<{ certificateNumber: string; credentialId: string; subjectId: string; jwt: string }>;
  orders: Array<{
    courseTitle: string;
    schoolName: string;
    billingEmail: string;
    purchaseOrderNumber: string | null;
    amount: number;
    currency: string;
    status: string;
    createdAt: string;
    paidAt: string | null;
  }>;
  payments: Array<{ amount: number; currency: string; status: string; createdAt: string; paidAt: string | null; refundedAt: string | null }>;
  contactMessages: Array<{ name: string; email: string; company: string | null; phone: string | null; message: string; createdAt: string }>;
  /** Deadline reminders mailed to this person. */
  remindersSent: Array<{ course: string | null; kind: string; dueDay: string; sentAt: string }>;
  /** Kinds of mail this person asked not to receive. */
  unsubscribes: Array<{ category: string; since: string }>;
  /** Mail to this person's address still held in the outbox (the text is left out: it may carry sign-in links). */
  mail: Array<{ subject: string; status: string; createdAt: string; sentAt: string | null }>;
}

/** The sections of the export that hold rows of a table (everything but the time it was made). */
export type MyDataSection = Exclude<keyof MyDataExportDto, 'exportedAt'>;
