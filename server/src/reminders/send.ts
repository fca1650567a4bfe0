import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { renderPersonalised, type PersonalisedMail } from '../mail/personalised.ts';
import { enqueueMail } from '../services/outbox.ts';

/** One reminder to send: its key (user, course, kind, due day) and its mail (built by personalise()). */
export interface ReminderMail {
  userId: number;
  /** 0 for mail about no one course (the digest). */
  courseId: number;
  kind: string;
  dueDay: number;
  to: string;
  headers: Record<string, string>;
  mail: PersonalisedMail;
}

const CHUNK = 200;

/**
 * Queues each reminder's mail exactly once. Per chunk, one transaction inserts the reminders'
 * keys (a key already there is skipped, whoever wrote it), reads back the ones this attempt
 * wrote (its run id) and queues the mail of those alone, so a key and its mail are committed
 * together or not at all: a second instance, a rerun after a crash, or a retried chunk cannot
 * send one twice. Returns how many mails were queued.
 */
export async function sendReminders(deps: AppDeps, now: number, reminders: readonly ReminderMail[]): Promise<number> {
  let sent = 0;
  for (let start = 0; start < reminders.length; start += CHUNK) {
    const chunk = reminders.slice(start, start + CHUNK);
    const rendered = await renderPersonalised(chunk.map((reminder) => reminder.mail));
    sent += await retryOnDeadlock(() =>
      deps.db.transaction(async (trx) => {
        const runId = randomBytes(12).toString('hex');
        await trx('remindersSent')
          .insert(chunk.map(({ userId, courseId, kind, dueDay }) => ({ userId, courseId, kind, dueDay, runId, createdAt: now })))
          .onConflict(['userId', 'courseId', 'kind', 'dueDay'])
          .ignore();
        const written: Array<{ userId: number; courseId: number; kind: string; dueDay: number }> = await trx('remindersSent')
          .where({ runId })
          .select('userId', 'courseId', 'kind', 'dueDay');
        const ours = new Set(written.map((row) => `${row.userId}:${row.courseId}:${row.kind}:${row.dueDay}`));
        const messages = chunk
          .map((reminder, index) => ({ reminder, mail: rendered[index]! }))
          .filter(({ reminder }) => ours.has(`${reminder.userId}:${reminder.courseId}:${reminder.kind}:${reminder.dueDay}`))
          .map(({ reminder, mail }) => ({ to: reminder.to, ...mail, headers: reminder.headers }));
        await enqueueMail(trx, messages, now);
        return messages.length;
      }),
    );
  }
  return sent;
}
