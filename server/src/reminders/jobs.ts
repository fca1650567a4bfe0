import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { runDeadlineReminders } from './deadlineReminders.ts';
import { runSchoolDigest } from './digest.ts';
import { rollUpInsights } from '../commands/insightsRollup.ts';
import { INSIGHTS_ROLLUP_JOB } from '../queries/insights.ts';
import { cleanUpUnfinishedUploads } from '../services/uploads/cleanup.ts';
import { pruneDeliveredMail } from '../services/outbox.ts';
import { pruneStoppedShares } from '../commands/transcriptShares.ts';
import { pruneDirectoryLog } from '../commands/directory/log.ts';
import { foldRetention, RETENTION_FOLD_JOB } from '../commands/retentionFold.ts';
import { runSsoCertificateWarnings } from './ssoCertificates.ts';
import { runReplyMails } from './replyMails.ts';
import { runModerationDigest } from './moderationDigest.ts';

const HOUR_MS = 60 * 60_000;

/**
 * The jobs the server runs. Each is due hourly; the reminders' keys (a deadline's day, a
 * certificate's expiry, the digest's week) decide what is actually sent, so a missed hour
 * or a restart only delays mail and a repeated run sends nothing twice.
 */
export const reminderJobs = (): ScheduledJob[] => [
  { name: 'deadline-reminders', intervalMs: HOUR_MS, run: runDeadlineReminders },
  { name: 'school-digest', intervalMs: HOUR_MS, run: runSchoolDigest },
  // 30 days before a school's SAML provider's certificate expires, its managers are told (issue 57).
  { name: 'sso-certificate-warnings', intervalMs: HOUR_MS, run: runSsoCertificateWarnings },
  // Reply e-mails to the followers of a thread (issue 58): looked for every few minutes, so the
  // first reply is heard of soon; each follow's own clock keeps them to one an hour per thread.
  { name: 'discussion-replies', intervalMs: 5 * 60_000, run: runReplyMails },
  // The admins' daily digest of unanswered questions and the moderation queue; the day is its key.
  { name: 'moderation-digest', intervalMs: HOUR_MS, run: runModerationDigest },
  // The Insights charts' weekly rollup: rows written, reported as `sent`.
  { name: INSIGHTS_ROLLUP_JOB, intervalMs: HOUR_MS, run: async ({ deps, now }) => ({ sent: await rollUpInsights(deps.db, now) }) },
  ...housekeepingJobs(),
];

/**
 * Jobs that send no mail and run even with REMINDERS_ENABLED=false: unfinished uploads are
 * removed after 24 hours; delivered mail leaves the outbox after 30 days, a stopped CPD record
 * link 30 days after it was stopped, a line of the directory sync log after 400 days; the retention counters
 * take in what was played (migration 043), at every tick (the chart folds what is pending before
 * it reads, so this only keeps the backlog short). A job's `sent` is what it removed or wrote.
 */
export const housekeepingJobs = (): ScheduledJob[] => [
  { name: 'upload-cleanup', intervalMs: HOUR_MS, run: cleanUpUnfinishedUploads },
  { name: 'outbox-prune', intervalMs: HOUR_MS, run: async ({ deps, now }) => ({ sent: await pruneDeliveredMail(deps.db, now) }) },
  { name: 'record-link-prune', intervalMs: HOUR_MS, run: async ({ deps, now }) => ({ sent: await pruneStoppedShares(deps.db, now) }) },
  { name: 'directory-log-prune', intervalMs: HOUR_MS, run: async ({ deps, now }) => ({ sent: await pruneDirectoryLog(deps.db, now) }) },
  { name: RETENTION_FOLD_JOB, intervalMs: 0, run: async ({ deps }) => ({ sent: await foldRetention(deps.db) }) },
];
