export type { Avatar } from '../db/tables.ts';
