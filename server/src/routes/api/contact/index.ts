import { contactSchema, type MessageDto, messageDtoSchema } from '@atrium/common';
import { receiveContactMessage } from '../../../commands/contact.ts';
import type { Routes } from '../../define.ts';

export const CONTACT_THANKS = "Thank you for your message! We'll get back to you within 30 minutes.";

export function contactRoutes(routes: Routes): void {
  routes.add({
    method: 'post',
    path: '/api/contact',
    access: 'public',
    answer: { status: 201, body: messageDtoSchema },
    body: contactSchema,
    rateLimit: { limit: 'contact', by: 'ip' },
    async handler(ctx) {
      const input = ctx.input.body;
      const { db, clock, mailer, config } = ctx.deps;
      const messageId = await receiveContactMessage(db, clock, mailer, config, input);
      ctx.state.log.info({ contactMessageId: messageId, source: input.source }, 'contact message received');
      const body: MessageDto = { message: CONTACT_THANKS };
      ctx.status = 201;
      ctx.body = body;
    },
  });
}
