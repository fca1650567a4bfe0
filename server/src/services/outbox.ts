import type { Db } from '../db/knex.ts';
import { personalise, renderPersonalised, type PersonalKey } from '../mail/personalised.ts';
import type { MailTemplate } from '../mail/render.ts';
import { afterCommit } from './afterCommit.ts';
import type { AttachmentRef } from './mail.ts';

/** A rendered mail for one recipient, as the outbox keeps it until it is delivered. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | undefined;
  attachments?: AttachmentRef[] | undefined;
}

/**
 * Who delivers the outbox of a database: the Mailer registers itself (whenMailQueued), keyed by
 * its knex's config object, which every transaction of that knex shares (knex copies the
 * reference into each transaction's client), so a writer given only a transaction finds it.
 */
const deliverers = new WeakMap<object, Set<() => void>>();

const keyOf = (db: Db): object => db.client.config as object;

/** Calls `deliver` after every commit that queued mail on this database; returns the way to stop. */
export function whenMailQueued(db: Db, deliver: () => void): () => void {
  let set = deliverers.get(keyOf(db));
  if (!set) deliverers.set(keyOf(db), (set = new Set()));
  set.add(deliver);
  return () => set.delete(deliver);
}

/**
 * The one outbox writer: adds mail to the outbox in the caller's transaction (`db`), so it is
 * committed with the change it reports, and has it delivered once that transaction commits (at
 * once outside a transaction), never after a rollback. No caller starts delivery itself.
 */
export async function enqueueMail(db: Db, messages: readonly OutboxMail[], createdAt: number): Promise<void> {
  if (!messages.length) return;
  await db('outbox').insert(
    messages.map(({ to, subject, text, html, headers, attachments }) => ({
      toAddress: to,
      subject,
      text,
      html,
      headers: headers ? JSON.stringify(headers) : null,
      attachments: attachments?.length ? JSON.stringify(attachments) : null,
      status: 'pending',
      attempts: 0,
      createdAt,
    })),
  );
  afterCommit(db, () => {
    for (const deliver of deliverers.get(keyOf(db)) ?? []) deliver();
  });
}

const CHUNK = 500;

/**
 * Queues one template to many people through enqueueMail, rendered by renderPersonalised: the
 * props every recipient shares plus each one's own.
 */
export async function enqueuePersonalised<P extends object, K extends PersonalKey<P>>(
  db: Db,
  template: MailTemplate<P>,
  common: Omit<P, K>,
  recipients: ReadonlyArray<{ to: string; personal: Pick<P, K> }>,
  createdAt: number,
): Promise<void> {
  for (let start = 0; start < recipients.length; start += CHUNK) {
    const chunk = recipients.slice(start, start + CHUNK);
    // Omit<P, K> and Pick<P, K> together are a P, which the compiler cannot see through the spread.
    const rendered = await renderPersonalised(
      chunk.map(({ personal }) => personalise(template, { ...common, ...personal } as P, Object.keys(personal) as K[])),
    );
    await enqueueMail(
      db,
      chunk.map(({ to }, index) => ({ to, ...rendered[index]! })),
      createdAt,
    );
  }
}

/** How long a delivered (or given up) mail stays in the outbox, then it is deleted. */
export const OUTBOX_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes the outbox rows delivered, logged or given up on more than OUTBOX_KEPT_MS ago, so the
 * table stays bounded whatever visitors make it send (sign-ups, reset requests): a month answers
 * "did that mail go out?", and what the reminders must not send twice is kept apart
 * (`remindersSent`). Pending mail is never touched. In chunks, so no delete holds the table for
 * long. Returns how many rows went.
 */
export async function pruneDeliveredMail(db: Db, now: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = await db('outbox')
      .whereIn('status', ['sent', 'logged', 'failed'])
      .where('createdAt', '<', now - OUTBOX_KEPT_MS)
      .limit(CHUNK)
      .pluck('id');
    if (!ids.length) return deleted;
    deleted += await db('outbox').whereIn('id', ids).delete();
  }
}
