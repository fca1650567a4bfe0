import type { ContactInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { MailBrand } from '../mail/render.ts';
import { contactMessageMail } from '../mail/templates/contactMessage.tsx';
import type { ContactMessage } from '../models/ContactMessage.ts';
import { contactMessageById } from '../queries/contact.ts';
import type { Clock } from '../services/clock.ts';
import type { Mailer } from '../services/mail.ts';

/**
 * Stores a contact message and queues its mail to the support inbox together: if the mail
 * server is down the message is still in the admin inbox and the mail is retried from the outbox.
 */
export async function receiveContactMessage(db: Db, clock: Clock, mailer: Mailer, brand: MailBrand, input: ContactInput): Promise<number> {
  const receivedAt = clock.now().getTime();
  return db.transaction(async (trx) => {
    const [inserted] = await trx('contactMessages').insert({
      name: input.name,
      email: input.email,
      company: input.company,
      phone: input.phone,
      message: input.message,
      source: input.source,
      createdAt: receivedAt,
    });
    await mailer.send(trx, brand.supportEmail, contactMessageMail, { brand, input, receivedAt });
    return Number(inserted);
  });
}

/**
 * Marks an inbox message handled or not; undefined when there is no such message. Marking a
 * handled message handled again keeps the time it was first dealt with.
 */
export async function markContactMessage(db: Db, clock: Clock, id: number, handled: boolean): Promise<ContactMessage | undefined> {
  const message = await contactMessageById(db, id);
  if (!message) return undefined;
  const handledAt = handled ? (message.handledAt ?? clock.now().getTime()) : null;
  await db('contactMessages').where({ id }).update({ handledAt });
  return Object.assign(message, { handledAt });
}
