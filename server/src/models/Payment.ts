export type { Payment } from '../db/tables.ts';
