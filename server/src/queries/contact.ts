import type { Knex } from 'knex';
import { countRows, type Db } from '../db/knex.ts';
import type { ContactMessage } from '../models/ContactMessage.ts';

/** The admin inbox, newest first, a page at a time. */
export async function contactMessagesPage(db: Db, page: { limit: number; offset: number }): Promise<{ rows: ContactMessage[]; total: number }> {
  const [rows, total] = await Promise.all([
    db<ContactMessage>('contactMessages').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset),
    countRows(db('contactMessages')),
  ]);
  return { rows: rows as ContactMessage[], total };
}

export function contactMessageById(db: Db | Knex.Transaction, id: number): Promise<ContactMessage | undefined> {
  return db<ContactMessage>('contactMessages').where({ id }).first();
}
