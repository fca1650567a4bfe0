import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderMail, type MailTemplate, type RenderedMail } from './render.ts';

/** The props that may differ per recipient: those that hold a string (a name, a personal link) or nothing. */
export type PersonalKey<P> = { [K in keyof P]-?: P[K] extends string | null | undefined ? K : never }[keyof P] & string;

/** One mail, built by personalise(): its props checked against its template when it was built. */
export interface PersonalisedMail {
  /** What makes two mails one render: the template, and the props with markers for the personal ones. */
  readonly template: object;
  readonly sharedKey: string;
  /** Each personal value and the marker rendered in its place. */
  readonly values: ReadonlyArray<readonly [marker: string, value: string]>;
  /** Renders the mail with the markers in place of the personal values. */
  render(): Promise<RenderedMail>;
}

/**
 * The one way to build a mail for renderPersonalised (reminders, digests, invitations): the
 * compiler checks `props` against the template's own props type and `personal` against its
 * string props, so no caller casts. A personal prop that is not a string (a missing name) is
 * rendered as it is, which makes it part of what is distinct.
 */
export function personalise<P extends object>(template: MailTemplate<P>, props: P, personal: ReadonlyArray<PersonalKey<P>>): PersonalisedMail {
  const markers: Partial<Record<PersonalKey<P>, string>> = {};
  const values: Array<[string, string]> = [];
  for (const [index, key] of personal.entries()) {
    const value = props[key];
    if (typeof value !== 'string') continue;
    const marker = `xATRIUMPERSONAL${index}x`;
    markers[key] = marker;
    values.push([marker, value]);
  }
  // A marker is a string in a prop typed to hold a string, so the marked props are still a P.
  const marked: P = Object.assign({ ...props }, markers);
  return { template, sharedKey: JSON.stringify(marked), values, render: () => renderMail(template, marked) };
}

/** A value as React writes text into the HTML it renders: the same escaping as the rest of the body. */
const escapeHtml = (value: string): string => renderToStaticMarkup(createElement(Fragment, null, value));

/**
 * Renders many mails with one render per distinct message. Thousands of reminders or invites are
 * a handful of messages (a school, a course, a day) that differ only in a name and a link, and a
 * react-email render costs milliseconds (a minute for a 5,000-person roster): each mail is
 * rendered with markers in place of its personal props, once per distinct result, and the
 * markers are then replaced by the values (HTML-escaped in the HTML part; the text part is not
 * word-wrapped, so a value's length changes nothing else).
 */
export async function renderPersonalised(mails: readonly PersonalisedMail[]): Promise<RenderedMail[]> {
  const cache = new Map<object, Map<string, Promise<RenderedMail>>>();
  return Promise.all(
    mails.map(async (mail) => {
      let byProps = cache.get(mail.template);
      if (!byProps) cache.set(mail.template, (byProps = new Map()));
      let rendered = byProps.get(mail.sharedKey);
      if (!rendered) byProps.set(mail.sharedKey, (rendered = mail.render()));
      const { subject, text, html } = await rendered;
      const fill = (part: string, escape: (value: string) => string) =>
        mail.values.reduce((out, [marker, value]) => out.split(marker).join(escape(value)), part);
      return { subject: fill(subject, (v) => v), text: fill(text, (v) => v), html: fill(html, escapeHtml) };
    }),
  );
}
