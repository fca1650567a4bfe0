export type { Progress } from '../db/tables.ts';
