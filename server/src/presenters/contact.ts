import type { ContactMessageDto } from '@atrium/common';
import { toIso } from '../db/knex.ts';
import type { ContactMessage } from '../models/ContactMessage.ts';

export function presentContactMessage(message: ContactMessage): ContactMessageDto {
  return {
    id: Number(message.id),
    name: message.name,
    email: message.email,
    company: message.company,
    phone: message.phone,
    message: message.message,
    source: message.source === 'widget' || message.source === 'accessibility' ? message.source : 'landing',
    createdAt: toIso(message.createdAt)!,
    handledAt: toIso(message.handledAt),
  };
}
