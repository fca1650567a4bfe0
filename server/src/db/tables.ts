import type { DiscountKind, Role, SchoolRole } from '@atrium/common';
import type { IdentityProviderKey } from '../services/signIn/claims.ts';

// The row of every table, as knex answers it through the app's identifier mapping (camelCase
// keys), read from the migrations (db/migrations). Times are BIGINT epoch milliseconds. The
// `Tables` augmentation at the bottom types `db('users')` and `trx('users')` everywhere; a query
// of its own shape (a join, a projection) declares its row type beside the query.

export interface User {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  profileImageUrl: string | null;
  role: Role;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  emailVerifiedAt: number | null;
  /** The currency chosen with the header switcher (GBP, USD, EUR). */
  currency: string | null;
  /** Captions over the module video: on, off, or null until the person first chooses. */
  captionsOn: boolean | number | null;
  /** The caption language last chosen (BCP 47), used when a module has a track in it. */
  captionsLang: string | null;
}

export interface Session {
  id: string;
  userId: number | null;
  data: string;
  expiresAt: number;
  createdAt: number;
}

export interface Course {
  id: number;
  title: string;
  description: string;
  price: number;
  /** Cents and euro cents; null when the course is not offered in that currency. */
  priceUsd: number | null;
  priceEur: number | null;
  thumbnail: string | null;
  salesVideoId: string | null;
  /** Months a certificate stays current (null: never expires). */
  validityMonths: number | null;
  createdAt: number;
  updatedAt: number;
  /** "Completion requires watching": Mark as Complete only once 90 % was played (issue 36). */
  requiresWatching: boolean | number;
  /** Percent 1–100 a quiz attempt needs to pass (issue 36). */
  passMark: number;
  /** The certificate requires passing the final quiz, when the course has one. */
  quizRequired: boolean | number;
  /** CPD hours in whole quarter hours (issue 59); null: not set. */
  cpdQuarterHours: number | null;
  /** CEUs in hundredths; null: none. */
  ceuHundredths: number | null;
  /** JSON array of standards or frameworks (free text); null: none. */
  cpdStandards: string | null;
}

export interface Module {
  id: number;
  courseId: number;
  title: string;
  description: string;
  vimeoVideoId: string;
  vimeoHash: string | null;
  duration: number;
  orderIndex: number;
  createdAt: number;
  updatedAt: number;
}

/** A module's caption track in one language, stored as validated WebVTT (SubRip is converted). */
export interface Caption {
  id: number;
  moduleId: number;
  lang: string;
  label: string;
  vtt: string;
  cueCount: number;
  sourceFormat: 'vtt' | 'srt';
  uploadedBy: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The accessibility statement's parts the agency says itself (one row, id 1). */
export interface AccessibilitySettings {
  id: number;
  contactEmail: string | null;
  contactPhone: string | null;
  responseDays: number;
  testedOn: string | null;
  testedBy: string | null;
  /** The agency's own note on what is not yet accessible, shown as written. */
  knownIssues: string | null;
  updatedBy: number | null;
  updatedAt: number;
}

export type EnrollmentSource = 'self' | 'admin' | 'payment' | 'order' | 'licence';

export interface Enrollment {
  id: number;
  userId: number;
  courseId: number;
  source: EnrollmentSource;
  enrolledAt: number;
}

export interface Progress {
  id: number;
  userId: number;
  moduleId: number;
  courseId: number;
  /** SPEC's watched seconds: the whole duration once marked complete. */
  watchedDuration: number;
  /** Distinct seconds the player reported as played; never raised by Mark as Complete. */
  playedSeconds: number;
  position: number;
  isCompleted: boolean | number;
  completedAt: number | null;
  updatedAt: number;
}

/** Per learner and course, what the dashboard shows; kept by triggers on `progress` and `enrollments` (db/courseProgress.ts). */
export interface CourseProgress {
  userId: number;
  courseId: number;
  completedModules: number;
  /** The sum of the progress rows' played seconds (022_played_seconds). */
  watchedSeconds: number;
  lastModuleId: number | null;
  lastWatchedAt: number | null;
  lastProgressId: number | null;
  /** An enrollment of the pair exists (051_enrolled_figures): the dashboard reads these rows. */
  enrolled: boolean | number;
}

export interface Comment {
  id: number;
  moduleId: number;
  userId: number;
  comment: string;
  createdAt: number;
  /** The thread's opening comment, for a reply (042_discussion); null for an opening comment. */
  parentId: number | null;
  /** Whom a reply answers. */
  replyToUserId: number | null;
  /** On an opening comment: its own or its latest reply's time. */
  lastActivityAt: number;
  /** An opening comment deleted while it had replies: kept, emptied, as "comment deleted". */
  deletedAt: number | null;
  /** On a reply an admin marked as its thread's answer. */
  answerAt: number | null;
  /** On the opening comment an admin pinned to the top of its module's discussion. */
  pinnedAt: number | null;
  /** An admin hid it (045_moderation): only its author and admins see it, marked hidden. */
  hiddenAt: number | null;
  hiddenReason: string | null;
  /** Waiting for an admin's approval (more than 3 links, or a known spam pattern). */
  heldAt: number | null;
}

/** One person's report of a comment (045_moderation): one per person per comment. */
export interface CommentReport {
  id: number;
  commentId: number;
  userId: number;
  reason: string;
  details: string;
  createdAt: number;
  resolvedAt: number | null;
}

/** A person's discussion choices (042_discussion). */
export interface DiscussionSetting {
  userId: number;
  showSchool: boolean | number;
  updatedAt: number;
  /** When they last opened the header's bell (050_discussion_notifications). */
  repliesSeenAt: number | null;
}

/** Who follows a thread, and where their reply e-mails stand (050_discussion_notifications). */
export interface CommentFollow {
  id: number;
  userId: number;
  /** The thread's opening comment. */
  threadId: number;
  following: boolean | number;
  createdAt: number;
  /** Someone else replied since the last e-mail; cleared when it goes. */
  pendingAt: number | null;
  /** The last reply e-mail: the next waits an hour after it. */
  notifiedAt: number | null;
  /** The last reply that e-mail named. */
  notifiedUpToId: number;
}

export interface Certificate {
  id: number;
  userId: number | null;
  courseId: number | null;
  certificateNumber: string;
  studentName: string;
  courseName: string;
  completionPercentage: number;
  completedAt: number;
  issuedAt: number;
  revokedAt: number | null;
  /** 0 for the first certificate of a learner and course, then one more per renewal. */
  round: number;
  /** The final quiz's best score (percent) when the certificate was issued; null without one. */
  quizScore: number | null;
  /** The course's CPD hours (quarter hours) when issued (issue 59); null: none were set then. */
  cpdQuarterHours: number | null;
  /** The course's CEUs (hundredths) when issued; null: none. */
  ceuHundredths: number | null;
}

/** A knowledge check (issue 36); deletedAt set = deleted (attempts keep their history). */
export interface Quiz {
  id: number;
  courseId: number;
  /** The module it follows; null: at the end of the course. */
  afterModuleId: number | null;
  title: string;
  /** The current version's number (quizVersions.version). */
  version: number;
  /** How many questions an attempt asks (the draw's size, or every question). */
  questionCount: number;
  /** Questions drawn per attempt from the quiz's; null: all of them (issue 50). */
  questionsPerAttempt: number | null;
  /** Each attempt shows the options in its own order. */
  shuffleOptions: boolean | number;
  /** Minutes a learner waits after a failed attempt; 0: no wait. */
  retryWaitMinutes: number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

/** One immutable snapshot of a quiz's questions (JSON of StoredQuestion[]). */
export interface QuizVersion {
  id: number;
  quizId: number;
  version: number;
  questions: string;
  createdAt: number;
}

export interface QuizAttempt {
  id: number;
  quizId: number;
  versionId: number;
  userId: number;
  courseId: number;
  /** JSON of { questionId, optionIds }[]. */
  answers: string;
  score: number;
  correctCount: number;
  questionCount: number;
  /** The course's pass mark when it was graded. */
  passMark: number;
  passed: boolean | number;
  submittedAt: number;
  /** JSON of the { questionId, optionIds }[] served, in order; null: every question of the version, in order. */
  served: string | null;
}

/** Per learner and quiz: the best score, whether it was ever passed, the attempts made. */
/** The questions drawn for a learner's next attempt on a quiz (issue 50), kept until it is submitted. */
/** An unfinished resumable upload (its bytes are in the staging area until it finishes). */
export interface UploadRecord {
  /** The id in its URL: 32 hex digits. */
  id: string;
  /** The account that created it: the only one that may continue, read or cancel it. */
  userId: number;
  /** The declared Upload-Length. */
  size: number;
  /** The app clock's time of creation (ms): the 24-hour cleanup reads it. */
  createdAt: number;
}

export interface QuizDraw {
  userId: number;
  quizId: number;
  versionId: number;
  /** JSON of { questionId, optionIds }[]: the questions served and each one's options in the order shown. */
  served: string;
  createdAt: number;
}

export interface QuizResult {
  userId: number;
  quizId: number;
  courseId: number;
  bestScore: number;
  passed: boolean | number;
  attemptCount: number;
  updatedAt: number;
}

/** An assignment step (issue 37); deletedAt set = deleted (submissions keep their history). */
export interface Assignment {
  id: number;
  courseId: number;
  /** The module it follows; null: at the end of the course. */
  afterModuleId: number | null;
  title: string;
  instructions: string;
  /** JSON array of AssignmentAcceptKind. */
  accepts: string;
  maxFiles: number;
  approvalRequired: boolean | number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

/** One round of a learner's work on an assignment. */
export interface Submission {
  id: number;
  assignmentId: number;
  userId: number;
  courseId: number;
  round: number;
  status: 'draft' | 'submitted' | 'approved' | 'changes_requested';
  note: string | null;
  link: string | null;
  createdAt: number;
  submittedAt: number | null;
  withdrawnAt: number | null;
  reviewedAt: number | null;
  reviewerId: number | null;
  feedback: string | null;
}

/** A file of a round; its bytes, type, size and hash are the storedFiles row. */
export interface SubmissionFile {
  id: number;
  submissionId: number;
  fileId: number;
  originalName: string;
  kind: 'image' | 'audio' | 'video' | 'pdf';
  feedback: string | null;
  createdAt: number;
}

/** Per learner and assignment: the latest submitted round's status and whether the step is done. */
export interface AssignmentResult {
  userId: number;
  assignmentId: number;
  courseId: number;
  /** Never 'draft': a round is recorded here once submitted (a withdrawn round goes back). */
  status: 'submitted' | 'approved' | 'changes_requested';
  /** Stays true once set (a later round asked to change does not undo an approval). */
  completed: boolean | number;
  round: number;
  updatedAt: number;
}

/** Training done elsewhere, reported by the person (issue 59): self-reported, never verified. */
export interface ExternalCpd {
  id: number;
  userId: number;
  title: string;
  provider: string;
  /** YYYY-MM-DD */
  completedOn: string;
  quarterHours: number;
  createdAt: number;
  /** The optional evidence file (044_cpd_record), in storedFiles, and the name it is downloaded as. */
  evidenceFileId?: number | null;
  evidenceName?: string | null;
}

/** A public link to a person's verified CPD record (issue 59): only the token's hash is kept. */
export interface TranscriptShare {
  id: number;
  userId: number;
  tokenHash: string;
  label: string;
  createdAt: number;
  revokedAt: number | null;
}

/** A member lets their school see their whole verified record, not only what they did while its member. */
export interface SchoolCpdShare {
  id: number;
  userId: number;
  schoolId: number;
  sharedAt: number;
}

export interface CertificateRenewal {
  id: number;
  userId: number;
  courseId: number;
  round: number;
  previousCertificateId: number | null;
  startedAt: number;
}

export interface CredentialKey {
  id: number;
  thumbprint: string;
  alg: string;
  publicJwk: string;
  createdAt: number;
  retiredAt: number | null;
}

export interface CredentialSubject {
  userId: number;
  subjectId: string;
}

export interface CertificateCredential {
  certificateId: number;
  credentialId: string;
  subjectId: string;
  salt: string | null;
  identityHash: string | null;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
  source: 'landing' | 'widget' | 'accessibility';
  createdAt: number;
  handledAt: number | null;
}

/** Links of the old password-reset flow; the table is kept, nothing writes it any more. */
export interface PasswordReset {
  id: number;
  userId: number;
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface Avatar {
  userId: number;
  data: Buffer;
  contentType: string;
  etag: string;
  updatedAt: number;
}

export type OutboxStatus = 'pending' | 'sent' | 'logged' | 'failed';

export interface OutboxMessage {
  id: number;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers as JSON (List-Unsubscribe), or null. */
  headers: string | null;
  /** Attachment references as JSON (services/mail.ts AttachmentRef[]), or null. */
  attachments: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  lockedUntil: number | null;
  createdAt: number;
  sentAt: number | null;
}

export interface Payment {
  id: number;
  userId: number;
  courseId: number | null;
  schoolId: number | null;
  /** The trust the payment licenses (every school in it), or null. */
  trustId: number | null;
  provider: string;
  providerReference: string | null;
  idempotencyKey: string | null;
  amount: number;
  amountRefunded: number;
  currency: string;
  status: string;
  failureMessage: string | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  refundedAt: number | null;
}

/** A Stripe webhook event handled, keyed on its event id. */
export interface PaymentEvent {
  id: number;
  eventId: string;
  type: string;
  providerReference: string | null;
  receivedAt: number;
}

/** The issued invoice, on the order's row (null until issued). */
export interface InvoiceColumns {
  invoiceNumber: string | null;
  invoiceIssuedAt: number | null;
  invoiceNet: number | null;
  invoiceTax: number | null;
  invoiceGross: number | null;
  invoiceTaxRate: number | null;
  invoiceTaxNote: string | null;
  invoiceIssuedBy: number | null;
}

/** The discount an admin agreed before issuing (null when none): commands/orderDiscounts.ts. */
export interface DiscountColumns {
  discountKind: DiscountKind | null;
  discountValue: number | null;
  discountReason: string | null;
  discountSetBy: number | null;
  discountSetAt: number | null;
}

/** An invoice or purchase-order request; `status` as stored. */
export interface Order extends InvoiceColumns, DiscountColumns {
  id: number;
  userId: number;
  courseId: number | null;
  schoolId: number | null;
  /** The trust the order licenses when paid (schoolName is then the trust's name), or null. */
  trustId: number | null;
  courseTitle: string;
  schoolName: string;
  billingEmail: string;
  purchaseOrderNumber: string | null;
  amount: number;
  currency: string;
  status: string;
  createdAt: number;
  paidAt: number | null;
  markedPaidBy: number | null;
  country: string | null;
  billingAddress: string | null;
  vatNumber: string | null;
}

/** The next invoice number of a year. */
export interface InvoiceCounter {
  year: number;
  next: number;
}

export interface School {
  id: number;
  name: string;
  country: string;
  createdAt: number;
  invitesApprovedAt: number | null;
  /** The UTC day (days since the epoch) that inviteMailCount counts. */
  inviteMailDay: number | null;
  inviteMailCount: number;
  /** The trust the school belongs to, if any (at most one). */
  trustId?: number | null;
  /** The school lets its managers see its members' assignment submissions (issue 37). */
  managersSeeSubmissions?: boolean | number;
  /** The key a trust's directory names the school by, besides its name (047_oneroster). */
  scimKey?: string | null;
}

export interface SchoolMember {
  id: number;
  schoolId: number;
  userId: number;
  role: SchoolRole;
  joinedAt: number;
  /** When a trust's manager last moved them here from another school of the trust (034_member_moves). */
  movedAt?: number | null;
  movedFromSchoolId?: number | null;
}

export interface SchoolDomain {
  id: number;
  schoolId: number;
  domain: string;
  verifiedAt: number | null;
  verifiedBy: number | null;
  createdAt: number;
  googleWorkspaceDomain: string | null;
  verificationToken: string | null;
  /** The domain again on the one proven claim (unique), null on unproven ones. */
  verifiedDomain: string | null;
  proof: 'dns' | 'admin' | null;
}

export interface SchoolLicence {
  id: number;
  schoolId: number;
  courseId: number;
  source: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface SchoolInvite {
  id: number;
  schoolId: number;
  tokenHash: string;
  createdBy: number | null;
  createdAt: number;
  expiresAt: number | null;
  maxUses: number | null;
  uses: number;
  revokedAt: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  sentAt: number | null;
}

export interface SchoolDeadline {
  id: number;
  schoolId: number;
  courseId: number;
  completeByDay: number | null;
  newStaffDays: number | null;
  updatedBy: number | null;
  updatedAt: number;
}

export interface EmailVerification {
  id: number;
  userId: number;
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface UserIdentity {
  id: number;
  userId: number;
  provider: IdentityProviderKey;
  subject: string;
  email: string | null;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface SignInFlow {
  stateHash: string;
  browserHash: string;
  provider: IdentityProviderKey;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  linkUserId: number | null;
  /** A school connection's "Test sign-in": the manager running it; the answer signs nobody in. */
  testedBy: number | null;
  expiresAt: number;
}

export interface ReminderSent {
  id: number;
  userId: number;
  /** 0 for mail about no one course (the managers' digest). */
  courseId: number;
  kind: string;
  dueDay: number;
  runId: string;
  createdAt: number;
}

export interface Unsubscribe {
  userId: number;
  category: string;
  createdAt: number;
}

export interface SchedulerJob {
  name: string;
  nextRunAt: number;
  leaseUntil: number | null;
  leaseOwner: string | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastSuccessAt: number | null;
  failures: number;
  totalFailures: number;
  lastError: string | null;
  lastSent: number;
}

/** An object in the file storage (services/storage): its key there and what its bytes are. */
export interface StoredFile {
  id: number;
  storageKey: string;
  /** Sniffed from the bytes when it arrived, never taken from the client. */
  contentType: string;
  size: number;
  sha256: string;
  createdAt: number;
}

/** A file attached to a course (moduleId null) or to one of its modules. */
export interface Resource {
  id: number;
  courseId: number;
  moduleId: number | null;
  fileId: number;
  title: string;
  description: string;
  /** The name it is downloaded as: the uploaded name, its extension the sniffed type's. */
  fileName: string;
  position: number;
  createdAt: number;
  updatedAt: number;
}

/** Per learner and module, the 10-second buckets played: bucket b is bit (b % 32) of word (b / 32). */
export interface ProgressBuckets {
  userId: number;
  moduleId: number;
  word: number;
  bits: number;
}

/**
 * What a write to progress_buckets newly set, noted by its triggers (migration 043) until the
 * retention fold adds it to module_buckets and module_viewers (commands/retentionFold.ts).
 */
export interface RetentionPending {
  id: number;
  moduleId: number;
  word: number;
  bits: number | string;
  /** The learner's first word of the module: one more viewer. */
  first: boolean | number;
}

/** Per module and bucket, how many learners played it; kept by the retention fold (migration 043). */
export interface ModuleBucket {
  moduleId: number;
  bucket: number;
  viewers: number;
}

/** Per module, how many learners played any of it; kept by triggers on progress_buckets. */
export interface ModuleViewers {
  moduleId: number;
  viewers: number;
}

/** The weekly rollup per course and school (0: no school), rewritten by the insights-rollup job. */
export interface InsightsWeekly {
  weekStart: number;
  courseId: number;
  schoolId: number;
  enrollments: number;
  completions: number;
  certificates: number;
}

/** A module's mean resume point over the learners who watched some of it, as of the last rollup. */
export interface InsightsModulePosition {
  moduleId: number;
  averagePosition: number;
  learners: number;
}

/** Money received per week, course (0: none), school (0: none) and currency, in minor units. */
export interface InsightsWeeklyRevenue {
  weekStart: number;
  courseId: number;
  schoolId: number;
  currency: string;
  amount: number;
}

declare module 'knex/types/tables' {
  interface Tables {
    users: User;
    externalCpd: ExternalCpd;
    transcriptShares: TranscriptShare;
    schoolCpdShares: SchoolCpdShare;
    sessions: Session;
    courses: Course;
    modules: Module;
    enrollments: Enrollment;
    progress: Progress;
    courseProgress: CourseProgress;
    comments: Comment;
    discussionSettings: DiscussionSetting;
    commentFollows: CommentFollow;
    commentReports: CommentReport;
    certificates: Certificate;
    quizzes: Quiz;
    quizVersions: QuizVersion;
    quizAttempts: QuizAttempt;
    quizResults: QuizResult;
    quizDraws: QuizDraw;
    uploads: UploadRecord;
    assignments: Assignment;
    submissions: Submission;
    submissionFiles: SubmissionFile;
    assignmentResults: AssignmentResult;
    certificateRenewals: CertificateRenewal;
    credentialKeys: CredentialKey;
    credentialSubjects: CredentialSubject;
    certificateCredentials: CertificateCredential;
    contactMessages: ContactMessage;
    passwordResets: PasswordReset;
    avatars: Avatar;
    outbox: OutboxMessage;
    payments: Payment;
    paymentEvents: PaymentEvent;
    orders: Order;
    invoiceCounters: InvoiceCounter;
    schools: School;
    schoolMembers: SchoolMember;
    schoolDomains: SchoolDomain;
    schoolLicences: SchoolLicence;
    schoolInvites: SchoolInvite;
    schoolDeadlines: SchoolDeadline;
    emailVerifications: EmailVerification;
    userIdentities: UserIdentity;
    signInFlows: SignInFlow;
    remindersSent: ReminderSent;
    unsubscribes: Unsubscribe;
    schedulerJobs: SchedulerJob;
    storedFiles: StoredFile;
    resources: Resource;
    trusts: Trust;
    trustManagers: TrustManager;
    trustInvites: TrustInvite;
    trustLicences: TrustLicence;
    trustDeadlines: TrustDeadline;
    captions: Caption;
    accessibilitySettings: AccessibilitySettings;
    progressBuckets: ProgressBuckets;
    moduleBuckets: ModuleBucket;
    moduleViewers: ModuleViewers;
    retentionPending: RetentionPending;
    insightsWeekly: InsightsWeekly;
    insightsWeeklyRevenue: InsightsWeeklyRevenue;
    insightsModulePositions: InsightsModulePosition;
    groups: Group;
    groupMembers: GroupMember;
    groupCourses: GroupCourse;
    groupInvites: GroupInvite;
    directoryTokens: DirectoryToken;
    directoryPeople: DirectoryPerson;
    directoryGroups: DirectoryGroup;
    directoryEvents: DirectoryEvent;
    identityProviders: IdentityProvider;
    ssoAssertions: SsoAssertion;
  }
}

/** A group of staff of one school or of one trust (exactly one of the two is set). */
export interface Group {
  id: number;
  schoolId: number | null;
  trustId: number | null;
  name: string;
  nameKey: string;
  createdAt: number;
}

export interface GroupMember {
  id: number;
  groupId: number;
  userId: number;
  joinedAt: number;
}

/** A course given to a group, with its deadline rule (a date and/or days from joining the group). */
export interface GroupCourse {
  id: number;
  groupId: number;
  courseId: number;
  completeByDay: number | null;
  newStaffDays: number | null;
  updatedBy: number | null;
  /** When the course was given to the group: members who joined later are its new staff. */
  createdAt: number;
  updatedAt: number;
}

export interface GroupInvite {
  id: number;
  inviteId: number;
  groupId: number;
}

export interface Trust {
  id: number;
  name: string;
  createdAt: number;
}

export interface TrustManager {
  id: number;
  trustId: number;
  userId: number;
  joinedAt: number;
}

export interface TrustInvite {
  id: number;
  trustId: number;
  email: string;
  tokenHash: string;
  createdBy: number | null;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  revokedAt: number | null;
}

export interface TrustLicence {
  id: number;
  trustId: number;
  courseId: number;
  source: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface TrustDeadline {
  id: number;
  trustId: number;
  courseId: number;
  completeByDay: number | null;
  newStaffDays: number | null;
  updatedBy: number | null;
  updatedAt: number;
}

/** A directory sync (SCIM) token of one school or one trust; only the secret's hash is kept. */
export interface DirectoryToken {
  id: number;
  schoolId: number | null;
  trustId: number | null;
  label: string;
  tokenHash: string;
  createdBy: number | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** A SCIM User: a person's place in one school as the directory sees it. */
export interface DirectoryPerson {
  id: number;
  schoolId: number;
  email: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  userId: number | null;
  inviteId: number | null;
  active: boolean | number;
  suspendedAt: number | null;
  suspendedRole: SchoolRole | null;
  suspendedJoinedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Who keeps the place (047_oneroster): a SCIM directory, or uploaded OneRoster bundles. */
  source: 'scim' | 'oneroster';
  /** The person's sourcedId in the OneRoster bundle that added them. */
  sourcedId: string | null;
}

export interface DirectoryGroup {
  id: number;
  groupId: number;
  externalId: string | null;
  createdAt: number;
}

/** A line of the sync log. */
export interface DirectoryEvent {
  id: number;
  schoolId: number | null;
  trustId: number | null;
  action: string;
  email: string | null;
  detail: string;
  at: number;
}

/** A school's or trust's own sign-in (exactly one of schoolId / trustId is set): SAML 2.0 or OIDC. */
export interface IdentityProvider {
  id: number;
  schoolId: number | null;
  trustId: number | null;
  kind: 'saml' | 'oidc';
  /** SAML: the IdP's entity ID, its single sign-on URL (HTTP-Redirect), its signing certificates (PEM, one after another). */
  entityId: string | null;
  ssoUrl: string | null;
  certificates: string | null;
  certificateExpiresAt: number | null;
  /** OIDC: the issuer discovery starts from, the client id and secret. */
  issuer: string | null;
  clientId: string | null;
  clientSecret: string | null;
  /** Other sign-ins are refused for addresses on the organisation's proven domains (never for admins). */
  required: boolean | number;
  /** The last "Test sign-in": when, whether it passed, and what came back (JSON: SsoTestResult). */
  lastTestAt: number | null;
  lastTestOk: boolean | number | null;
  lastTestResult: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A SAML assertion already used to sign in (its ID's hash), kept until it could no longer be accepted. */
export interface SsoAssertion {
  id: number;
  connectionId: number;
  assertionHash: string;
  expiresAt: number;
}
