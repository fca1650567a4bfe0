import { Model } from 'objection';

export class Comment extends Model {
  static override tableName = 'comments';

  id!: number;
  moduleId!: number;
  userId!: number;
  comment!: string;
  createdAt!: number;
}
