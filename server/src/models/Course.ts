export type { Course } from '../db/tables.ts';
