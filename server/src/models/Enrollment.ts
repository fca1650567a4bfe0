import { Model } from 'objection';

export type EnrollmentSource = 'self' | 'admin' | 'payment' | 'order' | 'licence';

export class Enrollment extends Model {
  static override tableName = 'enrollments';

  id!: number;
  userId!: number;
  courseId!: number;
  source!: EnrollmentSource;
  enrolledAt!: number;
}
