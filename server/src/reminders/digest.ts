import { dayOf, isoDay, DAY_MS } from '@atrium/common';
import { displayName } from '../models/User.ts';
import { personalise } from '../mail/personalised.ts';
import { schoolDigestMail, type DigestLine } from '../mail/templates/schoolDigest.tsx';
import { hasAnyDeadline } from '../queries/deadlines.ts';
import { statusPage } from '../queries/trainingStatus.ts';
import { unsubscribeLinks } from '../services/unsubscribe.ts';
import type { JobContext } from '../scheduler/scheduler.ts';
import { sendReminders, type ReminderMail } from './send.ts';
import { certificatesInForce } from '../queries/certificates.ts';

const LISTED = 25;

/** The key of a manager's weekly digest in remindersSent (with course 0 and the week's first day). */
const DIGEST_KIND = 'digest';

/** The Monday (UTC) of the week a day falls in: 1970-01-01 was a Thursday. */
export const weekStartDay = (day: number) => day - ((day + 3) % 7);

/**
 * Once a week, one e-mail per school to each of its managers whose address is verified (an
 * unverified address may be a stranger's, typed by whoever registered it): who completed a course in the
 * last 7 days and who is overdue, with a link to /school. Schools with no deadline (their own or
 * their trust's) and no
 * completion that week get none. The week's Monday is the reminder key, so a manager gets one
 * per week whatever the number of runs or instances.
 */
export async function runSchoolDigest({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> {
  const { db, config } = deps;
  const week = weekStartDay(dayOf(now));
  const since = now - 7 * DAY_MS;
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  const managers: Array<{ schoolId: number; schoolName: string; userId: number; email: string; firstName: string | null }> = await db('schoolMembers as sm')
    .join('schools as s', 's.id', 'sm.schoolId')
    .join('users as u', 'u.id', 'sm.userId')
    .where('sm.role', 'manager')
    .whereNotNull('u.emailVerifiedAt')
    .whereNotExists(db('unsubscribes as un').select(db.raw('1')).whereRaw('un.user_id = sm.user_id').where('un.category', 'digest'))
    .whereNotExists(
      db('remindersSent as r').select(db.raw('1')).whereRaw('r.user_id = sm.user_id').where({ 'r.courseId': 0, 'r.kind': DIGEST_KIND, 'r.dueDay': week }),
    )
    .select('sm.schoolId', 's.name as schoolName', 'sm.userId', 'u.email', 'u.firstName')
    .orderBy(['sm.schoolId', 'sm.userId']);
  const bySchool = new Map<number, typeof managers>();
  for (const manager of managers) {
    const list = bySchool.get(Number(manager.schoolId)) ?? [];
    list.push(manager);
    bySchool.set(Number(manager.schoolId), list);
  }

  let sent = 0;
  for (const [schoolId, recipients] of bySchool) {
    const finishedQuery = certificatesInForce(db, 'ct')
      .join('schoolMembers as sm', 'sm.userId', 'ct.userId')
      .join('users as u', 'u.id', 'ct.userId')
      .where('sm.schoolId', schoolId)
      .where('ct.completedAt', '>=', since)
      .where('ct.completedAt', '<=', now);
    const [finishedRows, finishedCount, overdue, hasDeadline] = await Promise.all([
      finishedQuery
        .clone()
        .select('u.email', 'u.firstName', 'u.lastName', 'ct.courseName', 'ct.completedAt')
        .orderBy('ct.completedAt', 'desc')
        .limit(LISTED) as Promise<Array<{ email: string; firstName: string | null; lastName: string | null; courseName: string; completedAt: number }>>,
      finishedQuery.clone().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
      statusPage(db, schoolId, now, { status: 'overdue', limit: LISTED, offset: 0 }),
      hasAnyDeadline(db, schoolId),
    ]);
    const finished: DigestLine[] = finishedRows.map((row) => ({
      name: displayName(row),
      courseTitle: row.courseName,
      date: isoDay(dayOf(Number(row.completedAt))),
    }));
    const overdueLines: DigestLine[] = overdue.rows.map((row) => ({ name: displayName(row), courseTitle: row.courseTitle, date: isoDay(row.dueDay!) }));
    if (!hasDeadline && !finished.length) continue;
    const reminders = recipients.map((manager): ReminderMail => {
      const links = unsubscribeLinks(config.publicUrl, { userId: Number(manager.userId), category: 'digest' }, config.sessionKeys);
      return {
        userId: Number(manager.userId),
        courseId: 0,
        kind: DIGEST_KIND,
        dueDay: week,
        to: manager.email,
        headers: links.headers,
        mail: personalise(
          schoolDigestMail,
          {
            brand,
            firstName: manager.firstName,
            schoolName: manager.schoolName,
            finished,
            overdue: overdueLines,
            moreFinished: Number(finishedCount?.n ?? 0) - finished.length,
            moreOverdue: overdue.total - overdueLines.length,
            schoolUrl: `${config.publicUrl}/school`,
            unsubscribeUrl: links.pageUrl,
          },
          ['firstName', 'unsubscribeUrl'],
        ),
      };
    });
    sent += await sendReminders(deps, now, reminders);
    await renewLease();
  }
  return { sent };
}
