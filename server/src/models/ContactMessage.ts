export type { ContactMessage } from '../db/tables.ts';
