import { contactMessageUpdateSchema, idParams, pageQuery, type ContactMessageDto } from '@atrium/common';
import { notFound } from '../../../errors.ts';
import { ContactMessage } from '../../../models/ContactMessage.ts';
import { presentContactMessage } from '../../../presenters/contact.ts';
import type { Routes } from '../../define.ts';
import { countOf } from '../../../queries/admin.ts';

/** The contact messages inbox: every message is stored before it is mailed, so none is lost. */
export function adminInboxRoutes(routes: Routes): void {
  routes.add({
    method: 'get',
    path: '/api/admin/contact-messages',
    access: 'admin',
    query: pageQuery(),
    async handler(ctx) {
      const { db } = ctx.deps;
      const { limit, offset } = ctx.input.query;
      const [messages, total] = await Promise.all([
        ContactMessage.query(db).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
        countOf(db('contactMessages')),
      ]);
      ctx.set('X-Total-Count', String(total));
      ctx.set('Cache-Control', 'no-store');
      const body: ContactMessageDto[] = messages.map(presentContactMessage);
      ctx.body = body;
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/admin/contact-messages/:id',
    access: 'admin',
    params: idParams,
    body: contactMessageUpdateSchema,
    async handler(ctx) {
      const { db } = ctx.deps;
      const message = await ContactMessage.query(db).findById(ctx.input.params.id);
      if (!message) throw notFound('Message not found');
      // Marking a handled message handled again keeps the time it was first dealt with.
      const handledAt = ctx.input.body.handled ? (message.handledAt ?? Date.now()) : null;
      await ContactMessage.query(db).findById(message.id).patch({ handledAt });
      ctx.body = presentContactMessage(Object.assign(message, { handledAt }));
    },
  });
}
