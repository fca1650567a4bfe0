export type { Enrollment, EnrollmentSource } from '../db/tables.ts';
