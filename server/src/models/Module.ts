import { Model } from 'objection';

export class Module extends Model {
  static override tableName = 'modules';

  id!: number;
  courseId!: number;
  title!: string;
  description!: string;
  vimeoVideoId!: string;
  vimeoHash!: string | null;
  duration!: number;
  orderIndex!: number;
  createdAt!: number;
  updatedAt!: number;

  static override get modifiers() {
    return {
      ordered(query: ReturnType<typeof Module.query>) {
        query.orderBy('orderIndex').orderBy('id');
      },
    };
  }
}
