export type { OutboxMessage, OutboxStatus } from '../db/tables.ts';
