import { Model } from 'objection';

export class Certificate extends Model {
  static override tableName = 'certificates';

  id!: number;
  userId!: number | null;
  courseId!: number | null;
  certificateNumber!: string;
  studentName!: string;
  courseName!: string;
  completionPercentage!: number;
  completedAt!: number;
  issuedAt!: number;
  revokedAt!: number | null;

  static override get modifiers() {
    return {
      valid(query: ReturnType<typeof Certificate.query>) {
        query.whereNull('revokedAt');
      },
    };
  }
}
