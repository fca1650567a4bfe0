import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Config } from '../config.ts';

/** What every template may print about the sender. */
export type MailBrand = Pick<Config, 'brandName' | 'publicUrl' | 'supportEmail'>;

/**
 * One message: its subject and its body, written once as React e-mail components. The HTML part
 * and the plain-text part are both rendered from that body, so they cannot drift apart.
 */
export interface MailTemplate<P> {
  subject(props: P): string;
  body(props: P): ReactElement;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const defineMail = <P>(template: MailTemplate<P>): MailTemplate<P> => template;

export async function renderMail<P>(template: MailTemplate<P>, props: P): Promise<RenderedMail> {
  const body = template.body(props);
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { subject: template.subject(props), html, text: text.trim() };
}
