import { dayOf, DAY_MS, excerpt } from '@atrium/common';
import { personalise } from '../mail/personalised.ts';
import { moderationDigestMail, type DigestQuestion } from '../mail/templates/moderationDigest.tsx';
import { moderationCounts, unansweredQuestions } from '../queries/discussionNotifications.ts';
import type { JobContext } from '../scheduler/scheduler.ts';
import { unsubscribeLinks } from '../services/unsubscribe.ts';
import { threadUrl } from '../commands/replyMails.ts';
import { sendReminders, type ReminderMail } from './send.ts';

/** The key of an admin's daily discussion digest in remindersSent (with course 0 and the day). */
const DIGEST_KIND = 'moderation_digest';
const LISTED = 10;

/**
 * Once a day, to each admin: the questions of the last 7 days that no instructor has replied to,
 * and what waits in the moderation queue. A day with nothing to say sends nothing. The day is the
 * reminder key, so an admin gets one a day whatever the number of runs or instances.
 */
export async function runModerationDigest({ deps, now }: JobContext): Promise<{ sent: number }> {
  const { db, config } = deps;
  const day = dayOf(now);
  const admins: Array<{ id: number; email: string; firstName: string | null }> = await db('users as u')
    .where('u.role', 'admin')
    .whereNotExists(db('unsubscribes as un').select(db.raw('1')).whereRaw('?? = ??', ['un.userId', 'u.id']).where('un.category', 'moderation'))
    .whereNotExists(
      db('remindersSent as r').select(db.raw('1')).whereRaw('?? = ??', ['r.userId', 'u.id']).where({ 'r.courseId': 0, 'r.kind': DIGEST_KIND, 'r.dueDay': day }),
    )
    .select('u.id', 'u.email', 'u.firstName');
  if (!admins.length) return { sent: 0 };
  const [unanswered, queue] = await Promise.all([unansweredQuestions(db, now - 7 * DAY_MS, LISTED), moderationCounts(db)]);
  if (!unanswered.total && !queue.reported && !queue.held) return { sent: 0 };
  const questions: DigestQuestion[] = unanswered.rows.map((row) => ({
    name: [row.authorFirstName, row.authorLastName].filter(Boolean).join(' ').trim() || 'A learner',
    moduleTitle: row.moduleTitle,
    courseTitle: row.courseTitle,
    excerpt: excerpt(row.comment, 200),
    threadUrl: threadUrl(config.publicUrl, { courseId: Number(row.courseId), moduleId: Number(row.moduleId), threadId: Number(row.id) }),
  }));
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  const reminders = admins.map((admin): ReminderMail => {
    const links = unsubscribeLinks(config.publicUrl, { userId: Number(admin.id), category: 'moderation' }, config.sessionKeys);
    return {
      userId: Number(admin.id),
      courseId: 0,
      kind: DIGEST_KIND,
      dueDay: day,
      to: admin.email,
      headers: links.headers,
      mail: personalise(
        moderationDigestMail,
        {
          brand,
          firstName: admin.firstName,
          questions,
          moreQuestions: unanswered.total - questions.length,
          reported: queue.reported,
          held: queue.held,
          moderationUrl: `${config.publicUrl}/admin/moderation`,
          unsubscribeUrl: links.pageUrl,
        },
        ['firstName', 'unsubscribeUrl'],
      ),
    };
  });
  return { sent: await sendReminders(deps, now, reminders) };
}
