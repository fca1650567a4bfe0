import { Model } from 'objection';

export class Avatar extends Model {
  static override tableName = 'avatars';
  static override idColumn = 'userId';

  userId!: number;
  data!: Buffer;
  contentType!: string;
  etag!: string;
  updatedAt!: number;
}
