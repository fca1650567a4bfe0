import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import { retryOnDeadlock } from '../db/deadlocks.ts';
import { renderMail, type MailTemplate, type RenderedMail } from '../mail/render.ts';

/** One reminder to send: its key (user, course, kind, due day) and its mail. */
export interface ReminderMail<P = unknown> {
  userId: number;
  /** 0 for mail about no one course (the digest). */
  courseId: number;
  kind: string;
  dueDay: number;
  to: string;
  template: MailTemplate<P>;
  props: P;
  /** Props that differ per recipient (a name, an unsubscribe link): see renderBatch. */
  personal: ReadonlyArray<keyof P & string>;
  headers: Record<string, string>;
}

const CHUNK = 200;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders a batch of mails with one render per distinct message. Thousands of reminders are a
 * handful of messages (a school, a course, a day) that differ only in a name and a link, and a
 * react-email render costs milliseconds: each mail is rendered with markers in place of its
 * personal props, once per distinct result, and the markers are then replaced by the values
 * (HTML-escaped in the HTML part). A personal prop that is null is rendered as null (so
 * "Hello," stays right), which makes it part of what is distinct.
 */
export async function renderBatch(reminders: ReadonlyArray<ReminderMail<never>>): Promise<RenderedMail[]> {
  const cache = new Map<MailTemplate<never>, Map<string, Promise<RenderedMail>>>();
  return Promise.all(
    reminders.map(async (reminder) => {
      const props = { ...(reminder.props as Record<string, unknown>) };
      const values: Array<[string, string]> = [];
      for (const [index, key] of reminder.personal.entries()) {
        const value = props[key];
        if (typeof value !== 'string') continue;
        const marker = `xATRIUMPERSONAL${index}x`;
        props[key] = marker;
        values.push([marker, value]);
      }
      let byProps = cache.get(reminder.template);
      if (!byProps) cache.set(reminder.template, (byProps = new Map()));
      const key = JSON.stringify(props);
      let rendered = byProps.get(key);
      if (!rendered) byProps.set(key, (rendered = renderMail(reminder.template as MailTemplate<unknown>, props)));
      const { subject, text, html } = await rendered;
      const fill = (part: string, escape: (value: string) => string) => values.reduce((out, [marker, value]) => out.split(marker).join(escape(value)), part);
      return { subject: fill(subject, (v) => v), text: fill(text, (v) => v), html: fill(html, escapeHtml) };
    }),
  );
}

/**
 * Queues each reminder's mail exactly once. Per chunk, one transaction inserts the reminders'
 * keys (a key already there is skipped, whoever wrote it), reads back the ones this attempt
 * wrote (its run id) and queues the mail of those alone, so a key and its mail are committed
 * together or not at all: a second instance, a rerun after a crash, or a retried chunk cannot
 * send one twice. Returns how many mails were queued.
 */
export async function sendReminders(deps: AppDeps, now: number, reminders: Array<ReminderMail<never>>): Promise<number> {
  let sent = 0;
  for (let start = 0; start < reminders.length; start += CHUNK) {
    const chunk = reminders.slice(start, start + CHUNK);
    const rendered = await renderBatch(chunk);
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
        await deps.mailer.queueRendered(trx, messages);
        return messages.length;
      }),
    );
  }
  return sent;
}
