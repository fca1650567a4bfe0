import type { ContactInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import type { MailBrand } from '../mail/render.ts';
import { contactMessageMail } from '../mail/templates/contactMessage.tsx';
import type { Mailer } from '../services/mail.ts';

/**
 * Stores a contact message and queues its mail to the support inbox together: if the mail
 * server is down the message is still in the admin inbox and the mail is retried from the outbox.
 */
export async function receiveContactMessage(db: Db, mailer: Mailer, brand: MailBrand, input: ContactInput, receivedAt: number): Promise<number> {
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
