import { isoDay, type MyDataExportDto, type MyDataSection } from '@atrium/common';
import { dbBoolean, toIso, type DbBoolean } from '../db/knex.ts';
import { gradeAnswers, parseAnswers, parseQuestions, parseServed, servedQuestions } from '../models/quizzes.ts';
import type { MyDataRows } from '../queries/myData.ts';
import { presentCaptionPreferences } from './accessibility.ts';
import { presentExternalCpd } from './transcript.ts';
import { presentUser } from './users.ts';

// "Download my data": each section's rows (queries/myData.ts) as the export shows them; the user
// as /api/user presents them and external CPD as the transcript does, so the export matches the app.

type Row = Record<string, unknown>;

const iso = (value: unknown) => toIso(value as number | null);
const isoRequired = (value: unknown) => toIso(value as number)!;
const text = (value: unknown) => value as string;
const optionalText = (value: unknown) => (value ?? null) as string | null;

/** The credentials the route signed, one per certificate in force. */
type SignedCredentials = MyDataExportDto['credentials'];

const SECTIONS: { [K in Exclude<MyDataSection, 'credentials'>]: (rows: MyDataRows[K]) => MyDataExportDto[K] } = {
  profile: (user) => ({ ...presentUser(user), captions: presentCaptionPreferences(user) }),

  avatar: (row) =>
    row
      ? {
          contentType: text(row.contentType),
          dataUrl: `data:${text(row.contentType)};base64,${Buffer.from(row.data as Buffer).toString('base64')}`,
          updatedAt: isoRequired(row.updatedAt),
        }
      : null,

  signIns: (rows) =>
    rows.map((row: Row) => ({
      provider: text(row.provider),
      email: optionalText(row.email),
      linkedAt: isoRequired(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
    })),

  schools: (rows) => rows.map((row: Row) => ({ school: text(row.school), role: text(row.role), joinedAt: isoRequired(row.joinedAt) })),

  groups: (rows) => rows.map((row: Row) => ({ group: text(row.group), joinedAt: isoRequired(row.joinedAt) })),

  trusts: (rows) => rows.map((row: Row) => ({ trust: text(row.trust), joinedAt: isoRequired(row.joinedAt) })),

  trustInvitations: (rows) =>
    rows.map((row: Row) => ({
      trust: text(row.trust),
      createdAt: isoRequired(row.createdAt),
      expiresAt: isoRequired(row.expiresAt),
      acceptedAt: iso(row.acceptedAt),
      revokedAt: iso(row.revokedAt),
    })),

  invitations: (rows) =>
    rows.map((row: Row) => ({
      school: text(row.school),
      firstName: row.firstName === null ? null : text(row.firstName),
      lastName: row.lastName === null ? null : text(row.lastName),
      createdAt: isoRequired(row.createdAt),
      expiresAt: iso(row.expiresAt),
      revokedAt: iso(row.revokedAt),
    })),

  enrollments: (rows) => rows.map((row: Row) => ({ course: text(row.course), enrolledAt: isoRequired(row.enrolledAt), source: text(row.source) })),

  progress: (rows) =>
    rows.map((row: Row) => ({
      module: text(row.module),
      watchedDuration: Number(row.watchedDuration),
      playedSeconds: Number(row.playedSeconds),
      position: row.position === null || row.position === undefined ? null : Number(row.position),
      isCompleted: Boolean(row.isCompleted),
      completedAt: iso(row.completedAt),
      updatedAt: isoRequired(row.updatedAt),
    })),

  comments: (rows) => rows.map((row: Row) => ({ module: text(row.module), comment: text(row.comment), createdAt: isoRequired(row.createdAt) })),

  discussionSettings: (row) =>
    row ? { showSchool: dbBoolean(row.showSchool), updatedAt: isoRequired(row.updatedAt), repliesSeenAt: iso(row.repliesSeenAt) } : null,

  commentReports: (rows) =>
    rows.map((row: Row) => ({
      module: text(row.module),
      comment: text(row.comment),
      reason: text(row.reason),
      details: text(row.details),
      createdAt: isoRequired(row.createdAt),
      resolvedAt: iso(row.resolvedAt),
    })),

  commentFollows: (rows) =>
    rows.map((row: Row) => ({
      module: text(row.module),
      thread: text(row.comment),
      following: dbBoolean(row.following as DbBoolean),
      createdAt: isoRequired(row.createdAt),
      notifiedAt: iso(row.notifiedAt),
    })),

  certificates: (rows) =>
    rows.map((certificate) => ({
      certificateNumber: certificate.certificateNumber,
      courseName: certificate.courseName,
      studentName: certificate.studentName,
      completedAt: isoRequired(certificate.completedAt),
      issuedAt: isoRequired(certificate.issuedAt),
      revokedAt: iso(certificate.revokedAt),
      cpdHours: certificate.cpdQuarterHours === null ? null : Number(certificate.cpdQuarterHours) / 4,
    })),

  quizAttempts: (rows) =>
    rows.map((row: Row) => {
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

  submissions: ({ rounds, files }) =>
    rounds.map((row: Row) => ({
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
    })),

  externalCpd: (rows) =>
    rows.map((row) => {
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

  cpdSharing: ({ links, schools }) => ({
    links: links.map((row) => ({
      label: row.label,
      createdAt: isoRequired(row.createdAt),
      stoppedAt: row.revokedAt == null ? null : isoRequired(row.revokedAt),
    })),
    schools: schools.map((row) => ({ school: row.name, sharedAt: isoRequired(row.sharedAt) })),
  }),

  certificateRenewals: (rows) => rows.map((row: Row) => ({ course: text(row.course), round: Number(row.round), startedAt: isoRequired(row.startedAt) })),

  orders: (rows) =>
    rows.map((row: Row) => ({
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

  payments: (rows) =>
    rows.map((row: Row) => ({
      amount: Number(row.amount),
      currency: text(row.currency),
      status: text(row.status),
      createdAt: isoRequired(row.createdAt),
      paidAt: iso(row.paidAt),
      refundedAt: iso(row.refundedAt),
    })),

  contactMessages: (rows) =>
    rows.map((row: Row) => ({
      name: text(row.name),
      email: text(row.email),
      company: optionalText(row.company),
      phone: optionalText(row.phone),
      message: text(row.message),
      createdAt: isoRequired(row.createdAt),
    })),

  remindersSent: (rows) =>
    rows.map((row: Row) => ({
      course: optionalText(row.course),
      kind: text(row.kind),
      dueDay: isoDay(Number(row.dueDay)),
      sentAt: isoRequired(row.createdAt),
    })),

  unsubscribes: (rows) =>
    rows.map((row: Row) => ({
      category: text(row.category),
      since: isoRequired(row.createdAt),
    })),

  mail: (rows) =>
    rows.map((row: Row) => ({
      subject: text(row.subject),
      status: text(row.status),
      createdAt: isoRequired(row.createdAt),
      sentAt: iso(row.sentAt),
    })),
};

/** The export of everything Atrium holds about a person, from its rows and the credentials signed for it, in the sections' order. */
export function presentMyData(rows: MyDataRows, credentials: SignedCredentials, exportedAt: Date): MyDataExportDto {
  const present = (section: MyDataSection): unknown =>
    section === 'credentials' ? credentials : (SECTIONS[section] as (rows: MyDataRows[typeof section]) => unknown)(rows[section]);
  const sections = Object.keys(rows) as MyDataSection[];
  return {
    exportedAt: exportedAt.toISOString(),
    ...(Object.fromEntries(sections.map((section) => [section, present(section)])) as Omit<MyDataExportDto, 'exportedAt'>),
  };
}
