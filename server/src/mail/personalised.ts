import type { Db } from '../db/knex.ts';
import { renderMail, type MailTemplate, type RenderedMail } from './render.ts';

/** One mail to render: its template, its props, and which of them differ per recipient. */
export interface PersonalisedMail<P> {
  template: MailTemplate<P>;
  props: P;
  /** Props that differ per recipient (a name, a personal link): rendered as markers, then filled in. */
  personal: ReadonlyArray<keyof P & string>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders many mails with one render per distinct message. Thousands of reminders or invites are
 * a handful of messages (a school, a course, a day) that differ only in a name and a link, and a
 * react-email render costs milliseconds (a minute for a 5,000-person roster): each mail is
 * rendered with markers in place of its personal props, once per distinct result, and the
 * markers are then replaced by the values (HTML-escaped in the HTML part; the text part is not
 * word-wrapped, so a value's length changes nothing else). A personal prop that is not a string
 * (a missing name) is rendered as it is, which makes it part of what is distinct.
 */
export async function renderPersonalised(mails: ReadonlyArray<PersonalisedMail<never>>): Promise<RenderedMail[]> {
  const cache = new Map<MailTemplate<never>, Map<string, Promise<RenderedMail>>>();
  return Promise.all(
    mails.map(async (mail) => {
      const props = { ...(mail.props as Record<string, unknown>) };
      const values: Array<[string, string]> = [];
      for (const [index, key] of mail.personal.entries()) {
        const value = props[key];
        if (typeof value !== 'string') continue;
        const marker = `xATRIUMPERSONAL${index}x`;
        props[key] = marker;
        values.push([marker, value]);
      }
      let byProps = cache.get(mail.template);
      if (!byProps) cache.set(mail.template, (byProps = new Map()));
      const key = JSON.stringify(props);
      let rendered = byProps.get(key);
      if (!rendered) byProps.set(key, (rendered = renderMail(mail.template as MailTemplate<unknown>, props)));
      const { subject, text, html } = await rendered;
      const fill = (part: string, escape: (value: string) => string) => values.reduce((out, [marker, value]) => out.split(marker).join(escape(value)), part);
      return { subject: fill(subject, (v) => v), text: fill(text, (v) => v), html: fill(html, escapeHtml) };
    }),
  );
}

const CHUNK = 500;

/**
 * Queues one template to many people, in the caller's transaction (like Mailer.send does for
 * one), rendered by renderPersonalised: the props every recipient shares plus each one's own.
 */
export async function queuePersonalised<P, K extends keyof P & string>(
  db: Db,
  template: MailTemplate<P>,
  common: Omit<P, K>,
  recipients: ReadonlyArray<{ to: string; personal: Pick<P, K> }>,
  now: number,
): Promise<void> {
  for (let start = 0; start < recipients.length; start += CHUNK) {
    const chunk = recipients.slice(start, start + CHUNK);
    const rendered = await renderPersonalised(
      chunk.map(({ personal }) => ({
        template: template as MailTemplate<never>,
        props: { ...common, ...personal } as never,
        personal: Object.keys(personal) as never[],
      })),
    );
    await db('outbox').insert(chunk.map(({ to }, index) => ({ toAddress: to, ...rendered[index]!, status: 'pending', attempts: 0, createdAt: now })));
  }
}
