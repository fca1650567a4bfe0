import { contactMessageDtoSchema, contactMessageUpdateSchema, idParams, pageQuery, type ContactMessageDto } from '@atrium/common';
import { z } from 'zod';
import { markContactMessage } from '../../../commands/contact.ts';
import { notFound } from '../../../errors.ts';
import { presentContactMessage } from '../../../presenters/contact.ts';
import { contactMessagesPage } from '../../../queries/contact.ts';
import { sendPage, type Routes } from '../../define.ts';

/** The contact messages inbox: every message is stored before it is mailed, so none is lost. */
export function adminInboxRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/contact-messages',
    access: 'admin',
    cache: 'no-store',
    query: pageQuery(),
    answer: { body: z.array(contactMessageDtoSchema) },
    async handler(ctx) {
      const { rows, total } = await contactMessagesPage(ctx.deps.db, ctx.input.query);
      sendPage<ContactMessageDto>(ctx, { rows: rows.map(presentContactMessage), total });
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/contact-messages/:id',
    access: 'admin',
    params: idParams,
    body: contactMessageUpdateSchema,
    answer: { body: contactMessageDtoSchema },
    async handler(ctx) {
      const message = await markContactMessage(ctx.deps.db, ctx.deps.clock, ctx.input.params.id, ctx.input.body.handled);
      if (!message) throw notFound('Message not found');
      ctx.body = presentContactMessage(message);
    },
  });
}
