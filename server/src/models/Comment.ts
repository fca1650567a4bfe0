export type { Comment } from '../db/tables.ts';
