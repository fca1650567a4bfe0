import { isoDay, type MyDataExportDto, type MyDataSection } from '@atrium/common';
// The one query that reaches above its layer: "Download my data" hands out each certificate's
// signed credential and the user as /api/user presents them, so the export matches what the app shows.
// eslint-disable-next-line boundaries/dependencies
import { signCertificateCredential } from '../commands/signCredential.ts';
import type { AppDeps } from '../context.ts';
import { dbBoolean, toIso, type Db, type DbBoolean } from '../db/knex.ts';
import type { User } from '../models/User.ts';
// eslint-disable-next-line boundaries/dependencies -- the same exception as above
import { presentUser } from '../presenters/users.ts';
// eslint-disable-next-line boundaries/dependencies -- the same exception as above
import { presentCaptionPreferences } from '../presenters/accessibility.ts';
import { gradeAnswers, parseAnswers, parseQuestions, parseServed, servedQuestions } from '../models/quizzes.ts';
// eslint-disable-next-line boundaries/dependencies -- the same exception: evidence as the transcript shows it
import { presentExternalCpd } from '../presenters/transcript.ts';
import { transcriptRows } from './transcript.ts';
import { certificatesInForce } from './certificates.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'credentials'>;
type Loader<K extends MyDataSection> = (deps: Deps, user: User) => Promise<MyDataExportDto[K]>;
type Row = Record<string, unknown>;

const iso = (value: unknown) => toIso(value as number | null);
const isoRequired = (value: unknown) => toIso(value as number)!;
const text = (value: unknown) => value as string;
const optionalText = (value: unknown) => (value ?? null) as string | null;

/**
 * Rows whose address column holds the person's address, whatever its case; none while the address
 * is unverified, since anyone can register an account under someone else's address.
 */
const byAddress = (db: Db, table: string, column: string, user: User) =>
  user.emailVerifiedAt === null || user.emailVerifiedAt === undefined
    ? db(table).whereRaw('1 = 0')
    : db(table).whereRaw('lower(??) = ?', [`${table}.${column}`, user.email.toLowerCase()]);

/**
 * One loader per section of the export: the mapped type makes a section without its loader a
 * compile error, and db/personalData.ts names the tables each section is read from.
 */
const SECTIONS: { [K in MyDataSection]: Loader<K> } = {
  profile: async (_deps, user) => ({ ...presentUser(user), captions: presentCaptionPreferences(user) }),

  avatar: async ({ db }, user) => {
    const row = await db('avatars').select('data', 'contentType', 'updatedAt').where({ userId: user.id }).first();
    if (!row) return null;
    return {
      contentType: text(row.contentType),
      dataUrl: `data:${text(row.contentType)};base64,${Buffer.from(row.data as Buffer).toString('base64')}`,
      updatedAt: isoRequired(row.updatedAt),
    };
  },

  signIns: async ({ db }, user) =>
    (await db('userIdentities').select('provider', 'email', 'createdAt', 'lastUsedAt').where({ userId: user.id }).orderBy('id')).map((row: Row) => ({
      provider: text(row.provider),
      email: optionalText(row.email),
      linkedAt: isoRequired(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
    })),

  schools: async ({ db }, user) =>
    (
      await db('schoolMembers')
        .join('schools', 'schools.id', 'schoolMembers.schoolId')
        .where('schoolMembers.userId', user.id)
        .select('schools.name as school', 'schoolMembers.role', 'schoolMembers.joinedAt')
    ).map((row: Row) => ({ school: text(row.school), role: text(row.role), joinedAt: isoRequired(row.joinedAt) })),

  groups: async ({ db }, user) =>
    (
      await db('groupMembers')
        .join('groups', 'groups.id', 'groupMembers.groupId')
        .where('groupMembers.userId', user.id)
        .select('groups.name as group', 'groupMembers.joinedAt')
        .orderBy('groupMembers.id')
    ).map((row: Row) => ({ group: text(row.group), joinedAt: isoRequired(row.joinedAt) })),

  trusts: async ({ db }, user) =>
    (
      await db('trustManagers')
        .join('trusts', 'trusts.id', 'trustManagers.trustId')
        .where('trustManagers.userId', user.id)
        .select('trusts.name as trust', 'trustManagers.joinedAt')
    ).map((row: Row) => ({ trust: text(row.trust), joinedAt: isoRequired(row.joinedAt) })),

  trustInvitations: async ({ db }, user) =>
    (
      await byAddress(db, 'trustInvites', 'email', user)
        .join('trusts', 'trusts.id', 'trustInvites.trustId')
        .select('trusts.name as trust', 'trustInvites.createdAt', 'trustInvites.expiresAt', 'trustInvites.acceptedAt', 'trustInvites.revokedAt')
        .orderBy('trustInvites.id')
    ).map((row: Row) => ({
      trust: text(row.trust),
      createdAt: isoRequired(row.createdAt),
      expiresAt: isoRequired(row.expiresAt),
      acceptedAt: iso(row.acceptedAt),
      revokedAt: iso(row.revokedAt),
    })),

  invitations: async ({ db }, user) =>
    (
      await byAddress(db, 'schoolInvites', 'email', user)
        .join('schools', 'schools.id', 'schoolInvites.schoolId')
        .select(
          'schools.name as school',
          'schoolInvites.firstName',
          'schoolInvites.lastName',
          'schoolInvites.createdAt',
          'schoolInvites.expiresAt',
          'schoolInvites.revokedAt',
        )
        .orderBy('schoolInvites.id')
    ).map((row: Row) => ({
      school: text(row.school),
      firstName: row.firstName === null ? null : text(row.firstName),
      lastName: row.lastName === null ? null : text(row.lastName),
      createdAt: isoRequired(row.createdAt),
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
    })),

  enrollments: async ({ db }, user) =>
    (
      await db('enrollments')
        .join('courses', 'courses.id', 'enrollments.courseId')
        .where('enrollments.userId', user.id)
        .select('courses.title as course', 'enrollments.enrolledAt', 'enrollments.source')
        .orderBy('enrollments.id')
    ).map((row: Row) => ({ course: text(row.course), enrolledAt: isoRequired(row.enrolledAt), source: text(row.source) })),

  progress: async ({ db }, user) =>
    (
      await db('progress')
        .join('modules', 'modules.id', 'progress.moduleId')
        .where('progress.userId', user.id)
        .select(
          'modules.title as module',
          'progress.watchedDuration',
          'progress.playedSeconds',
          'progress.position',
          'progress.isCompleted',
          'progress.completedAt',
          'progress.updatedAt',
        )
        .orderBy('progress.id')
    ).map((row: Row) => ({
      module: text(row.module),
      watchedDuration: Number(row.watchedDuration),
      playedSeconds: Number(row.playedSeconds),
      position: row.position === null || row.position === undefined ? null : Number(row.position),
      isCompleted: Boolean(row.isCompleted),
      completedAt: iso(row.completedAt),
      updatedAt: isoRequired(row.updatedAt),
    })),

  comments: async ({ db }, user) =>
    (
      await db('comments')
        .join('modules', 'modules.id', 'comments.moduleId')
        .where('comments.userId', user.id)
        .select('modules.title as module', 'comments.comment', 'comments.createdAt')
        .orderBy('comments.id')
    ).map((row: Row) => ({ module: text(row.module), comment: text(row.comment), createdAt: isoRequired(row.createdAt) })),

  discussionSettings: async ({ db }, user) => {
    const row = await db('discussionSettings').where({ userId: user.id }).first();
    return row ? { showSchool: dbBoolean(row.showSchool), updatedAt: isoRequired(row.updatedAt), repliesSeenAt: iso(row.repliesSeenAt) } : null;
  },

  commentReports: async ({ db }, user) =>
    (
      await db('commentReports as cr')
        .join('comments as c', 'c.id', 'cr.commentId')
        .join('modules as m', 'm.id', 'c.moduleId')
        .where('cr.userId', user.id)
        .select('m.title as module', 'c.comment', 'cr.reason', 'cr.details', 'cr.createdAt', 'cr.resolvedAt')
        .orderBy('cr.id')
    ).map((row: Row) => ({
      module: text(row.module),
      comment: text(row.comment),
      reason: text(row.reason),
      details: text(row.details),
      createdAt: isoRequired(row.createdAt),
      resolvedAt: iso(row.resolvedAt),
    })),

  commentFollows: async ({ db }, user) =>
    (
      await db('commentFollows as f')
        .join('comments as c', 'c.id', 'f.threadId')
        .join('modules as m', 'm.id', 'c.moduleId')
        .where('f.userId', user.id)
        .select('m.title as module', 'c.comment', 'f.following', 'f.createdAt', 'f.notifiedAt')
        .orderBy('f.id')
    ).map((row: Row) => ({
      module: text(row.module),
      thread: text(row.comment),
      following: dbBoolean(row.following as DbBoolean),
      createdAt: isoRequired(row.createdAt),
      notifiedAt: iso(row.notifiedAt),
    })),

  certificates: async ({ db }, user) =>
    (await db('certificates').where({ userId: user.id }).orderBy('id')).map((certificate) => ({
      certificateNumber: certificate.certificateNumber,
      courseName: certificate.courseName,
      studentName: certificate.studentName,
      completedAt: isoRequired(certificate.completedAt),
      issuedAt: isoRequired(certificate.issuedAt),
      revokedAt: iso(certificate.revokedAt),
      cpdHours: certificate.cpdQuarterHours === null ? null : Number(certificate.cpdQuarterHours) / 4,
    })),

  quizAttempts: async ({ db }, user) =>
    (
      await db('quizAttempts as a')
        .join('quizzes as q', 'q.id', 'a.quizId')
        .join('quizVersions as v', 'v.id', 'a.versionId')
        .leftJoin('courses as c', 'c.id', 'a.courseId')
        .where('a.userId', user.id)
        .select('c.title as course', 'q.title as quiz', 'a.score', 'a.passed', 'a.submittedAt', 'a.answers', 'a.served', 'v.questions')
        .orderBy('a.id')
    ).map((row: Row) => {
      const chosen = new Map(parseAnswers(text(row.answers)).map((answer) => [answer.questionId, new Set(answer.optionIds)]));
      // The questions the attempt was served (a draw), or all of its version's for older attempts.
      const questions = servedQuestions(parseQuestions(text(row.questions)), row.served ? parseServed(text(row.served)) : null);
      const { correct } = gradeAnswers(questions, parseAnswers(text(row.answers)));
      return {
        course: text(row.course ?? ''),
        quiz: text(row.quiz),
        score: Number(row.score),
        passed: Boolean(Number(row.passed)),
        submittedAt: isoRequired(row.submittedAt),
        answers: questions.map((question, index) => ({
          question: question.prompt,
          chosen: question.options.filter((option) => chosen.get(question.id)?.has(option.id)).map((option) => option.text),
          correct: correct[index]!,
        })),
      };
    }),

  submissions: async ({ db }, user) => {
    const rounds = await db('submissions as s')
      .join('assignments as a', 'a.id', 's.assignmentId')
      .leftJoin('courses as c', 'c.id', 's.courseId')
      .where('s.userId', user.id)
      .select(
        's.id',
        'c.title as course',
        'a.title as assignment',
        's.round',
        's.status',
        's.note',
        's.link',
        's.createdAt',
        's.submittedAt',
        's.reviewedAt',
        's.feedback',
      )
      .orderBy('s.id');
    const files = await db('submissionFiles as f')
      .join('storedFiles as sf', 'sf.id', 'f.fileId')
      .whereIn('f.submissionId', db('submissions').select('id').where({ userId: user.id }))
      .select('f.submissionId', 'f.originalName', 'f.kind', 'sf.contentType', 'sf.size', 'f.feedback', 'f.createdAt')
      .orderBy('f.id');
    return rounds.map((row: Row) => ({
      course: text(row.course ?? ''),
      assignment: text(row.assignment),
      round: Number(row.round),
      status: text(row.status),
      note: optionalText(row.note),
      link: optionalText(row.link),
      createdAt: isoRequired(row.createdAt),
      submittedAt: iso(row.submittedAt),
      reviewedAt: iso(row.reviewedAt),
      feedback: optionalText(row.feedback),
      files: files
        .filter((file: Row) => Number(file.submissionId) === Number(row.id))
        .map((file: Row) => ({
          name: text(file.originalName),
          kind: text(file.kind),
          contentType: text(file.contentType),
          size: Number(file.size),
          feedback: optionalText(file.feedback),
          uploadedAt: isoRequired(file.createdAt),
        })),
    }));
  },

  externalCpd: async ({ db }, user) =>
    (await transcriptRows(db, user.id)).external.map((row) => {
      const entry = presentExternalCpd(row);
      return {
        title: entry.title,
        provider: entry.provider,
        completedOn: entry.completedOn,
        cpdHours: entry.cpdHours,
        createdAt: entry.createdAt,
        evidence: entry.evidence,
      };
    }),

  cpdSharing: async ({ db }, user) => ({
    links: (await db('transcriptShares').where({ userId: user.id }).orderBy('id')).map((row) => ({
      label: row.label,
      createdAt: isoRequired(row.createdAt),
      stoppedAt: row.revokedAt == null ? null : isoRequired(row.revokedAt),
    })),
    schools: (
      await db('schoolCpdShares as c').join('schools as s', 's.id', 'c.schoolId').where('c.userId', user.id).orderBy('c.id').select('s.name', 'c.sharedAt')
    ).map((row) => ({ school: row.name, sharedAt: isoRequired(row.sharedAt) })),
  }),

  certificateRenewals: async ({ db }, user) =>
    (
      await db('certificateRenewals')
        .join('courses', 'courses.id', 'certificateRenewals.courseId')
        .where('certificateRenewals.userId', user.id)
        .select('courses.title as course', 'certificateRenewals.round', 'certificateRenewals.startedAt')
        .orderBy('certificateRenewals.id')
    ).map((row: Row) => ({ course: text(row.course), round: Number(row.round), startedAt: isoRequired(row.startedAt) })),

  credentials: async (deps, user) => {
    // One at a time: the first signing of each assigns its identity in a transaction of its own.
    const credentials: MyDataExportDto['credentials'] = [];
    for (const certificate of await certificatesInForce(deps.db).where({ userId: user.id }).orderBy('id')) {
      const signed = await signCertificateCredential(deps, certificate);
      credentials.push({ certificateNumber: certificate.certificateNumber, ...signed });
    }
    return credentials;
  },

  orders: async ({ db }, user) =>
    (
      await db('orders')
        .where({ userId: user.id })
        .select('courseTitle', 'schoolName', 'billingEmail', 'purchaseOrderNumber', 'amount', 'currency', 'status', 'createdAt', 'paidAt')
        .orderBy('id')
    ).map((row: Row) => ({
      courseTitle: text(row.courseTitle),
      schoolName: text(row.schoolName),
      billingEmail: text(row.billingEmail),
      purchaseOrderNumber: optionalText(row.purchaseOrderNumber),
      amount: Number(row.amount),
      currency: text(row.currency),
      status: text(row.status),
      createdAt: isoRequired(row.createdAt),
      paidAt: iso(row.paidAt),
    })),

  payments: async ({ db }, user) =>
    (await db('payments').where({ userId: user.id }).select('amount', 'currency', 'status', 'createdAt', 'paidAt', 'refundedAt').orderBy('id')).map(
      (row: Row) => ({
        amount: Number(row.amount),
        currency: text(row.currency),
        status: text(row.status),
        createdAt: isoRequired(row.createdAt),
        paidAt: iso(row.paidAt),
        refundedAt: iso(row.refundedAt),
      }),
    ),

  contactMessages: async ({ db }, user) =>
    (await byAddress(db, 'contactMessages', 'email', user).select('name', 'email', 'company', 'phone', 'message', 'createdAt').orderBy('id')).map(
      (row: Row) => ({
        name: text(row.name),
        email: text(row.email),
        company: optionalText(row.company),
        phone: optionalText(row.phone),
        message: text(row.message),
        createdAt: isoRequired(row.createdAt),
      }),
    ),

  remindersSent: async ({ db }, user) =>
    (
      await db('remindersSent')
        .leftJoin('courses', 'courses.id', 'remindersSent.courseId')
        .where('remindersSent.userId', user.id)
        .select('courses.title as course', 'remindersSent.kind', 'remindersSent.dueDay', 'remindersSent.createdAt')
        .orderBy('remindersSent.id')
    ).map((row: Row) => ({ course: optionalText(row.course), kind: text(row.kind), dueDay: isoDay(Number(row.dueDay)), sentAt: isoRequired(row.createdAt) })),

  unsubscribes: async ({ db }, user) =>
    (await db('unsubscribes').where({ userId: user.id }).select('category', 'createdAt').orderBy('category')).map((row: Row) => ({
      category: text(row.category),
      since: isoRequired(row.createdAt),
    })),

  mail: async ({ db }, user) =>
    (await byAddress(db, 'outbox', 'toAddress', user).select('subject', 'status', 'createdAt', 'sentAt').orderBy('id')).map((row: Row) => ({
      subject: text(row.subject),
      status: text(row.status),
      createdAt: isoRequired(row.createdAt),
      sentAt: iso(row.sentAt),
    })),
};

/** Everything Atrium holds about `user`, section by section ("Download my data"). */
export async function loadMyData(deps: Deps, user: User): Promise<MyDataExportDto> {
  const sections = Object.keys(SECTIONS) as MyDataSection[];
  const values = await Promise.all(sections.map((section) => SECTIONS[section](deps, user)));
  return {
    exportedAt: deps.clock.now().toISOString(),
    ...(Object.fromEntries(sections.map((section, index) => [section, values[index]])) as Omit<MyDataExportDto, 'exportedAt'>),
  };
}
