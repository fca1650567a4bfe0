import { Model } from 'objection';

export type OutboxStatus = 'pending' | 'sent' | 'logged' | 'failed';

export class OutboxMessage extends Model {
  static override tableName = 'outbox';

  id!: number;
  toAddress!: string;
  subject!: string;
  text!: string;
  html!: string | null;
  /** Extra headers as JSON (List-Unsubscribe), or null. */
  headers!: string | null;
  /** Attachment references as JSON (services/mail.ts AttachmentRef[]), or null. */
  attachments!: string | null;
  status!: OutboxStatus;
  attempts!: number;
  lastError!: string | null;
  lockedUntil!: number | null;
  createdAt!: number;
  sentAt!: number | null;
}
