import { dayOf, isoDay, issuedForExpiryBetween, RENEWAL_WINDOW_DAYS } from '@atrium/common';
import type { Knex } from 'knex';
import type { Db } from '../db/knex.ts';
import { personalise } from '../mail/personalised.ts';
import { deadlineReminderMail, type DeadlineReminderKind } from '../mail/templates/deadlineReminder.tsx';
import { certificateExpiryMail } from '../mail/templates/certificateExpiry.tsx';
import { expiresOn, groupCourseCouples, trainingPairs, validityCutoffs } from '../queries/trainingStatus.ts';
import { unsubscribeLinks } from '../services/unsubscribe.ts';
import type { JobContext } from '../scheduler/scheduler.ts';
import { sendReminders, type ReminderMail } from './send.ts';
import { certificatesInForce } from '../queries/certificates.ts';

/**
 * The reminder a member is due for, by days past their deadline: 7 days before (from the 7th
 * day before until the day before), on the day (caught up within the week if the server was
 * down), then one a week while overdue, four at most (days 7–34). Written once, here: each kind
 * holds from the previous one's `until` (or FIRST_DAY) up to the day before its own; reminderKind
 * reads it in TypeScript and kindSql in SQL, for the anti-join on reminders already sent.
 */
const FIRST_DAY = -7;
const DEADLINE_KINDS = [
  { kind: 'due_soon', until: 0, mailKind: 'due_soon' },
  { kind: 'due_today', until: 7, mailKind: 'due_today' },
  { kind: 'overdue_1', until: 14, mailKind: 'overdue' },
  { kind: 'overdue_2', until: 21, mailKind: 'overdue' },
  { kind: 'overdue_3', until: 28, mailKind: 'overdue' },
  { kind: 'overdue_4', until: 35, mailKind: 'overdue' },
] as const satisfies ReadonlyArray<{ kind: string; until: number; mailKind: DeadlineReminderKind }>;

type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** The reminder due `daysPast` days after the deadline (negative: before it), or null for none. */
function deadlineKind(daysPast: number): DeadlineKind | null {
  if (daysPast < FIRST_DAY) return null;
  return DEADLINE_KINDS.find(({ until }) => daysPast < until) ?? null;
}

export const reminderKind = (daysPast: number): string | null => deadlineKind(daysPast)?.kind ?? null;

/** DEADLINE_KINDS in SQL over the pairs' `due_day` (only pairs within FIRST_DAY … the last `until` reach it). */
function kindSql(today: number): string {
  const d = `(${today} - pairs.due_day)`;
  return `(case ${DEADLINE_KINDS.map(({ kind, until }) => `when ${d} < ${until} then '${kind}'`).join(' ')} end)`;
}

/** The key of the one certificate-expiry reminder a certificate gets. */
const EXPIRY_KIND = 'expiry_30';

/**
 * The name a reminder greets its reader by: the one the account gave, at a proven address only.
 * Anyone can register under someone else's address, type a message as their first name and join a
 * school by a shared link; the school's reminders would then carry that message to the address.
 */
const greetingName = (firstName: string | null, addressProven: boolean): string | null => (addressProven ? firstName : null);

const notUnsubscribed = (db: Db, category: string, userColumn: string) => (query: Knex.QueryBuilder) =>
  query.whereNotExists(db('unsubscribes as un').select(db.raw('1')).whereRaw('un.user_id = ??', [userColumn]).where('un.category', category));

interface DuePair {
  userId: number;
  email: string;
  /** Only where the address is proven: see greetingName. */
  firstName: string | null;
  courseId: number;
  courseTitle: string;
  dueDay: number;
}

/**
 * Members of one school with a deadline reminder due and not yet sent (one statement). A pair has
 * one deadline, the earlier of the school's and the trust's, so a member with both gets one
 * series of reminders, for that date.
 */
export async function dueDeadlinePairs(db: Db, schoolId: number, now: number, cutoffs: Awaited<ReturnType<typeof validityCutoffs>>): Promise<DuePair[]> {
  const today = dayOf(now);
  const groups = await groupCourseCouples(db, { schoolId });
  const query = db
    .from(trainingPairs(db, schoolId, now, cutoffs, { groups, due: { from: -34, to: 7 } }).as('pairs'))
    .whereIn('pairs.status', ['due_soon', 'overdue'])
    .where('pairs.due_day', '>=', today - 34)
    .whereNotExists(
      db('remindersSent as r')
        .select(db.raw('1'))
        .whereRaw('r.user_id = pairs.user_id and r.course_id = pairs.course_id and r.due_day = pairs.due_day')
        .whereRaw(`r.kind = ${kindSql(today)}`),
    )
    .select('pairs.user_id', 'pairs.email', 'pairs.first_name', 'pairs.course_id', 'pairs.course_title', 'pairs.due_day')
    .orderBy(['pairs.user_id', 'pairs.course_id']);
  notUnsubscribed(db, 'reminders', 'pairs.user_id')(query);
  const rows: Array<Record<keyof DuePair, number | string | null>> = await query;
  const proven = new Set(
    (
      await db('users')
        .whereIn('id', [...new Set(rows.map((row) => Number(row.userId)))])
        .whereNotNull('emailVerifiedAt')
        .pluck('id')
    ).map(Number),
  );
  return rows.map((row) => ({
    userId: Number(row.userId),
    email: String(row.email),
    firstName: greetingName(row.firstName as string | null, proven.has(Number(row.userId))),
    courseId: Number(row.courseId),
    courseTitle: String(row.courseTitle),
    dueDay: Number(row.dueDay),
  }));
}

/** Deadline reminders for every school with a deadline (its own, its trust's, or a course given to a group), a school at a time; the lease is renewed between schools. */
export async function runDeadlineReminders({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> {
  const { db, config } = deps;
  const today = dayOf(now);
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  const cutoffs = await validityCutoffs(db, now);
  const schools: Array<{ id: number; name: string }> = await db('schools')
    .where((w) =>
      w
        .whereExists(db('schoolDeadlines as d').select(db.raw('1')).whereRaw('d.school_id = schools.id'))
        .orWhereExists(db('trustDeadlines as td').select(db.raw('1')).whereRaw('td.trust_id = schools.trust_id'))
        // A course given to one of its groups, or to one of its trust's.
        .orWhereExists(
          db('groupCourses as gc')
            .join('groups as g', 'g.id', 'gc.groupId')
            .select(db.raw('1'))
            .where((g) => g.whereRaw('g.school_id = schools.id').orWhereRaw('g.trust_id = schools.trust_id')),
        ),
    )
    .select('id', 'name')
    .orderBy('id');
  let sent = 0;
  for (const school of schools) {
    const pairs = await dueDeadlinePairs(db, Number(school.id), now, cutoffs);
    const reminders = pairs.map((pair): ReminderMail => {
      const { kind, mailKind } = deadlineKind(today - pair.dueDay)!;
      const links = unsubscribeLinks(config.publicUrl, { userId: pair.userId, category: 'reminders' }, config.sessionKeys);
      return {
        userId: pair.userId,
        courseId: pair.courseId,
        kind,
        dueDay: pair.dueDay,
        to: pair.email,
        headers: links.headers,
        mail: personalise(
          deadlineReminderMail,
          {
            brand,
            firstName: pair.firstName,
            schoolName: school.name,
            courseTitle: pair.courseTitle,
            kind: mailKind,
            dueOn: isoDay(pair.dueDay),
            daysLeft: pair.dueDay - today,
            courseUrl: `${config.publicUrl}/courses/${pair.courseId}`,
            unsubscribeUrl: links.pageUrl,
          },
          ['firstName', 'unsubscribeUrl'],
        ),
      };
    });
    sent += await sendReminders(deps, now, reminders);
    await renewLease();
  }
  sent += await runExpiryReminders(deps, now);
  return { sent };
}

/**
 * 30 days before a certificate expires (until the day it does), its holder is reminded once.
 * Per course with a validity: the certificates issued in the window's range (a day of slack
 * either side for month ends), not reminded since they were issued; the exact expiry day is
 * then checked here.
 */
async function runExpiryReminders(deps: JobContext['deps'], now: number): Promise<number> {
  const { db, config } = deps;
  const today = dayOf(now);
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  const courses: Array<{ id: number; validityMonths: number }> = await db('courses').whereNotNull('validityMonths').select('id', 'validityMonths');
  let sent = 0;
  for (const course of courses) {
    const months = Number(course.validityMonths);
    const issued = issuedForExpiryBetween(today, today + RENEWAL_WINDOW_DAYS, months);
    const query = certificatesInForce(db, 'ct')
      .join('users as u', 'u.id', 'ct.userId')
      .where('ct.courseId', course.id)
      .where('ct.issuedAt', '>=', issued.from)
      .where('ct.issuedAt', '<', issued.before)
      .whereNotExists(
        db('remindersSent as r')
          .select(db.raw('1'))
          .whereRaw('r.user_id = ct.user_id and r.course_id = ct.course_id and r.created_at >= ct.issued_at')
          .where('r.kind', EXPIRY_KIND),
      )
      // Only a learner's latest certificate, and none they are already renewing.
      .whereNotExists(db('certificates as c2').select(db.raw('1')).whereRaw('c2.user_id = ct.user_id and c2.course_id = ct.course_id and c2.round > ct.round'))
      .whereNotExists(
        db('certificateRenewals as rn').select(db.raw('1')).whereRaw('rn.user_id = ct.user_id and rn.course_id = ct.course_id and rn.round > ct.round'),
      )
      .select('ct.userId', 'ct.courseId', 'ct.courseName', 'ct.certificateNumber', 'ct.issuedAt', 'u.email', 'u.firstName', 'u.emailVerifiedAt');
    notUnsubscribed(db, 'reminders', 'ct.user_id')(query);
    const rows: Array<{
      userId: number;
      courseId: number;
      courseName: string;
      certificateNumber: string;
      issuedAt: number;
      email: string;
      firstName: string | null;
      emailVerifiedAt: number | null;
    }> = await query;
    const reminders: ReminderMail[] = [];
    for (const row of rows) {
      const expires = expiresOn({ issuedAt: Number(row.issuedAt), validityMonths: months })!;
      const expiryDay = dayOf(Date.parse(`${expires}T00:00:00Z`));
      if (expiryDay < today || expiryDay > today + RENEWAL_WINDOW_DAYS) continue;
      const links = unsubscribeLinks(config.publicUrl, { userId: Number(row.userId), category: 'reminders' }, config.sessionKeys);
      reminders.push({
        userId: Number(row.userId),
        courseId: Number(row.courseId),
        kind: EXPIRY_KIND,
        dueDay: expiryDay,
        to: row.email,
        headers: links.headers,
        mail: personalise(
          certificateExpiryMail,
          {
            brand,
            firstName: greetingName(row.firstName, row.emailVerifiedAt !== null),
            courseTitle: row.courseName,
            certificateNumber: row.certificateNumber,
            expiresOn: expires,
            courseUrl: `${config.publicUrl}/courses/${row.courseId}`,
            unsubscribeUrl: links.pageUrl,
          },
          ['firstName', 'certificateNumber', 'unsubscribeUrl'],
        ),
      });
    }
    sent += await sendReminders(deps, now, reminders);
  }
  return sent;
}
