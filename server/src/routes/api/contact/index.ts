import { contactSchema, type ContactInput, type MessageDto } from '@atrium/common';
import type { Config } from '../../../config.ts';
import type { Routes } from '../../define.ts';

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you within 30 minutes.";

/** A header value from visitor input: one line, bounded, so it can never add a header. */
const oneLine = (value: string, max: number) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);

/**
 * The mail to the support inbox. The outbox has no Reply-To field, so the visitor's address is
 * spelled out at the top of the text where the person answering sees it first.
 */
export function contactMail(config: Config, input: ContactInput, receivedAt: number) {
  const form = input.source === 'widget' ? 'support chat' : 'website contact form';
  return {
    to: config.supportEmail,
    subject: oneLine(`[${config.brandName}] Contact message from ${input.name}`, 250),
    text: [
      `Reply to: ${input.name} <${input.email}>`,
      '',
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `School/company: ${input.company ?? '-'}`,
      `Phone: ${input.phone ?? '-'}`,
      `Sent from: the ${form}`,
      `Received: ${new Date(receivedAt).toISOString()}`,
      '',
      'Message:',
      input.message,
      '',
      `We promise a reply within 30 minutes. The message is also in the admin inbox at ${config.publicUrl}/admin.`,
    ].join('\n'),
  };
}

export function contactRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/contact',
    access: 'public',
    body: contactSchema,
    rateLimit: { limit: 'contact', by: 'ip' },
    async handler(ctx) {
      const input = ctx.input.body;
      const { db, mailer, config } = ctx.deps;
      const receivedAt = Date.now();
      // Stored and queued together: if the mail server is down the message is still in the
      // inbox and the mail is retried from the outbox.
      const messageId = await db.transaction(async (trx) => {
        const [inserted] = await trx('contactMessages').insert({
          name: input.name,
          email: input.email,
          company: input.company,
          phone: input.phone,
          message: input.message,
          source: input.source,
          createdAt: receivedAt,
        });
        await mailer.enqueue(trx, contactMail(config, input, receivedAt));
        return Number(inserted);
      });
      mailer.kick();
      ctx.state.log.info({ contactMessageId: messageId, source: input.source }, 'contact message received');
      const body: MessageDto = { message: CONTACT_THANKS };
      ctx.status = 201;
      ctx.body = body;
    },
  });
}
