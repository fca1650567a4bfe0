import { Model } from 'objection';

export class Progress extends Model {
  static override tableName = 'progress';

  id!: number;
  userId!: number;
  moduleId!: number;
  courseId!: number;
  watchedDuration!: number;
  position!: number;
  isCompleted!: boolean | number;
  completedAt!: number | null;
  updatedAt!: number;
}
