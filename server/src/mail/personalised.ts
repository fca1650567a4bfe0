import { randomBytes } from 'node:crypto';
import type { Db } from '../db/knex.ts';
import { renderMail, type MailTemplate } from './render.ts';

const CHUNK = 500;

/**
 * Queues one template to many people who differ by a single value (each one's personal link),
 * in the caller's transaction, like Mailer.send does for one. Rendering a template costs
 * milliseconds, which is a minute for a 5,000-person roster, so it is rendered once with a random
 * placeholder of the same length and alphabet as the values (base64url tokens: nothing to
 * escape, and the text part wraps the same), then each person's value takes its place.
 */
export async function queuePersonalised<P, K extends keyof P>(
  db: Db,
  template: MailTemplate<P>,
  common: Omit<P, K>,
  personal: (value: string) => Pick<P, K>,
  recipients: Array<{ to: string; value: string }>,
  now: number,
): Promise<void> {
  if (recipients.length === 0) return;
  const length = recipients[0]!.value.length;
  if (recipients.some((recipient) => recipient.value.length !== length || !/^[A-Za-z0-9_-]+$/.test(recipient.value))) {
    throw new Error('queuePersonalised: values must be base64url strings of one length');
  }
  const placeholder = randomBytes(length).toString('base64url').slice(0, length);
  const rendered = await renderMail(template, { ...common, ...personal(placeholder) } as P);
  const fill = (text: string, value: string) => text.split(placeholder).join(value);
  if (!rendered.html.includes(placeholder) || !rendered.text.includes(placeholder))
    throw new Error('queuePersonalised: the personal value is missing from the mail');
  for (let start = 0; start < recipients.length; start += CHUNK) {
    const rows = recipients.slice(start, start + CHUNK).map(({ to, value }) => ({
      toAddress: to,
      subject: fill(rendered.subject, value),
      text: fill(rendered.text, value),
      html: fill(rendered.html, value),
      status: 'pending',
      attempts: 0,
      createdAt: now,
    }));
    await db('outbox').insert(rows);
  }
}
