import type { MyDataSection } from '@atrium/common';
import type { AppDeps } from '../context.ts';
import type { Db } from '../db/knex.ts';
import type { User } from '../models/User.ts';
import { transcriptRows } from './transcript.ts';
import { certificatesInForce } from './certificates.ts';

// "Download my data": the rows of each section, as stored; presenters/myData.ts makes the export
// from them (and the route signs each certificate's credential).

type Deps = Pick<AppDeps, 'db'>;

/**
 * Rows whose address column holds the person's address, whatever its case; none while the address
 * is unverified, since anyone can register an account under someone else's address.
 */
const byAddress = (db: Db, table: string, column: string, user: User) =>
  user.emailVerifiedAt === null || user.emailVerifiedAt === undefined
    ? db(table).whereRaw('1 = 0')
    : db(table).whereRaw('lower(??) = ?', [`${table}.${column}`, user.email.toLowerCase()]);

/** What the export says instead of the words of someone else's comment that an admin has hidden or is holding. */
const MODERATED_COMMENT = '(This comment has been hidden by a moderator.)';

/**
 * Reports and follows name someone else's comment as it is now: once an admin has hidden it (or
 * holds it), only its author and admins read it, so the export does not carry its words either.
 */
const unlessModerated = <T extends { comment: string; hiddenAt: unknown; heldAt: unknown; authorId: unknown }>(user: User, rows: T[]) =>
  rows.map(({ hiddenAt, heldAt, authorId, ...row }) => ({
    ...row,
    comment: (hiddenAt !== null || heldAt !== null) && Number(authorId) !== user.id ? MODERATED_COMMENT : row.comment,
  }));

/** The person's rows of `table`, in the order they were written. */
const ownRows = (db: Db, table: string, user: User) => db(table).where(`${table}.userId`, user.id).orderBy(`${table}.id`);

/**
 * One read per section of the export: the presenter's mapped type makes a section without its
 * read a compile error, and db/personalData.ts names the tables each section is read from.
 */
const READS = {
  profile: async (_deps: Deps, user: User) => user,

  avatar: async ({ db }: Deps, user: User) => db('avatars').select('data', 'contentType', 'updatedAt').where({ userId: user.id }).first(),

  signIns: async ({ db }: Deps, user: User) =>
    db('userIdentities').select('provider', 'email', 'createdAt', 'lastUsedAt').where({ userId: user.id }).orderBy('id'),

  schools: async ({ db }: Deps, user: User) =>
    db('schoolMembers')
      .join('schools', 'schools.id', 'schoolMembers.schoolId')
      .where('schoolMembers.userId', user.id)
      .select('schools.name as school', 'schoolMembers.role', 'schoolMembers.joinedAt'),

  groups: async ({ db }: Deps, user: User) =>
    ownRows(db, 'groupMembers', user).join('groups', 'groups.id', 'groupMembers.groupId').select('groups.name as group', 'groupMembers.joinedAt'),

  trusts: async ({ db }: Deps, user: User) =>
    db('trustManagers')
      .join('trusts', 'trusts.id', 'trustManagers.trustId')
      .where('trustManagers.userId', user.id)
      .select('trusts.name as trust', 'trustManagers.joinedAt'),

  trustInvitations: async ({ db }: Deps, user: User) =>
    byAddress(db, 'trustInvites', 'email', user)
      .join('trusts', 'trusts.id', 'trustInvites.trustId')
      .select('trusts.name as trust', 'trustInvites.createdAt', 'trustInvites.expiresAt', 'trustInvites.acceptedAt', 'trustInvites.revokedAt')
      .orderBy('trustInvites.id'),

  invitations: async ({ db }: Deps, user: User) =>
    byAddress(db, 'schoolInvites', 'email', user)
      .join('schools', 'schools.id', 'schoolInvites.schoolId')
      .select(
        'schools.name as school',
        'schoolInvites.firstName',
        'schoolInvites.lastName',
        'schoolInvites.createdAt',
        'schoolInvites.expiresAt',
        'schoolInvites.revokedAt',
      )
      .orderBy('schoolInvites.id'),

  enrollments: async ({ db }: Deps, user: User) =>
    ownRows(db, 'enrollments', user)
      .join('courses', 'courses.id', 'enrollments.courseId')
      .select('courses.title as course', 'enrollments.enrolledAt', 'enrollments.source'),

  progress: async ({ db }: Deps, user: User) =>
    ownRows(db, 'progress', user)
      .join('modules', 'modules.id', 'progress.moduleId')
      .select(
        'modules.title as module',
        'progress.watchedDuration',
        'progress.playedSeconds',
        'progress.position',
        'progress.isCompleted',
        'progress.completedAt',
        'progress.updatedAt',
      ),

  comments: async ({ db }: Deps, user: User) =>
    ownRows(db, 'comments', user)
      .join('modules', 'modules.id', 'comments.moduleId')
      .select('modules.title as module', 'comments.comment', 'comments.createdAt'),

  discussionSettings: async ({ db }: Deps, user: User) => db('discussionSettings').where({ userId: user.id }).first(),

  commentReports: async ({ db }: Deps, user: User) =>
    unlessModerated(
      user,
      await db('commentReports as cr')
        .join('comments as c', 'c.id', 'cr.commentId')
        .join('modules as m', 'm.id', 'c.moduleId')
        .where('cr.userId', user.id)
        .select('m.title as module', 'c.comment', 'c.hiddenAt', 'c.heldAt', 'c.userId as authorId', 'cr.reason', 'cr.details', 'cr.createdAt', 'cr.resolvedAt')
        .orderBy('cr.id'),
    ),

  commentFollows: async ({ db }: Deps, user: User) =>
    unlessModerated(
      user,
      await db('commentFollows as f')
        .join('comments as c', 'c.id', 'f.threadId')
        .join('modules as m', 'm.id', 'c.moduleId')
        .where('f.userId', user.id)
        .select('m.title as module', 'c.comment', 'c.hiddenAt', 'c.heldAt', 'c.userId as authorId', 'f.following', 'f.createdAt', 'f.notifiedAt')
        .orderBy('f.id'),
    ),

  certificates: async ({ db }: Deps, user: User) => db('certificates').where({ userId: user.id }).orderBy('id'),

  quizAttempts: async ({ db }: Deps, user: User) =>
    db('quizAttempts as a')
      .join('quizzes as q', 'q.id', 'a.quizId')
      .join('quizVersions as v', 'v.id', 'a.versionId')
      .leftJoin('courses as c', 'c.id', 'a.courseId')
      .where('a.userId', user.id)
      .select('c.title as course', 'q.title as quiz', 'a.score', 'a.passed', 'a.submittedAt', 'a.answers', 'a.served', 'v.questions')
      .orderBy('a.id'),

  submissions: async ({ db }: Deps, user: User) => ({
    rounds: await db('submissions as s')
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
      .orderBy('s.id'),
    files: await db('submissionFiles as f')
      .join('storedFiles as sf', 'sf.id', 'f.fileId')
      .whereIn('f.submissionId', db('submissions').select('id').where({ userId: user.id }))
      .select('f.submissionId', 'f.originalName', 'f.kind', 'sf.contentType', 'sf.size', 'f.feedback', 'f.createdAt')
      .orderBy('f.id'),
  }),

  externalCpd: async ({ db }: Deps, user: User) => (await transcriptRows(db, user.id)).external,

  cpdSharing: async ({ db }: Deps, user: User) => ({
    links: await db('transcriptShares').where({ userId: user.id }).orderBy('id'),
    schools: await db('schoolCpdShares as c')
      .join('schools as s', 's.id', 'c.schoolId')
      .where('c.userId', user.id)
      .orderBy('c.id')
      .select('s.name', 'c.sharedAt'),
  }),

  certificateRenewals: async ({ db }: Deps, user: User) =>
    ownRows(db, 'certificateRenewals', user)
      .join('courses', 'courses.id', 'certificateRenewals.courseId')
      .select('courses.title as course', 'certificateRenewals.round', 'certificateRenewals.startedAt'),

  // The certificates in force, whose credentials the export hands out signed.
  credentials: async ({ db }: Deps, user: User) => certificatesInForce(db).where({ userId: user.id }).orderBy('id'),

  orders: async ({ db }: Deps, user: User) =>
    db('orders')
      .where({ userId: user.id })
      .select('courseTitle', 'schoolName', 'billingEmail', 'purchaseOrderNumber', 'amount', 'currency', 'status', 'createdAt', 'paidAt')
      .orderBy('id'),

  payments: async ({ db }: Deps, user: User) =>
    db('payments').where({ userId: user.id }).select('amount', 'currency', 'status', 'createdAt', 'paidAt', 'refundedAt').orderBy('id'),

  contactMessages: async ({ db }: Deps, user: User) =>
    byAddress(db, 'contactMessages', 'email', user).select('name', 'email', 'company', 'phone', 'message', 'createdAt').orderBy('id'),

  remindersSent: async ({ db }: Deps, user: User) =>
    db('remindersSent')
      .leftJoin('courses', 'courses.id', 'remindersSent.courseId')
      .where('remindersSent.userId', user.id)
      .select('courses.title as course', 'remindersSent.kind', 'remindersSent.dueDay', 'remindersSent.createdAt')
      .orderBy('remindersSent.id'),

  unsubscribes: async ({ db }: Deps, user: User) => db('unsubscribes').where({ userId: user.id }).select('category', 'createdAt').orderBy('category'),

  mail: async ({ db }: Deps, user: User) => byAddress(db, 'outbox', 'toAddress', user).select('subject', 'status', 'createdAt', 'sentAt').orderBy('id'),
} satisfies { [K in MyDataSection]: (deps: Deps, user: User) => Promise<unknown> };

/** Each section's rows, as READS returns them. */
export type MyDataRows = { [K in MyDataSection]: Awaited<ReturnType<(typeof READS)[K]>> };

/** Everything Atrium holds about `user`, section by section, as rows. */
export async function readMyData(deps: Deps, user: User): Promise<MyDataRows> {
  const sections = Object.keys(READS) as MyDataSection[];
  const values = await Promise.all(sections.map((section) => READS[section](deps, user)));
  return Object.fromEntries(sections.map((section, index) => [section, values[index]])) as MyDataRows;
}
