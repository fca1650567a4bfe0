import { Model } from 'objection';

export class Payment extends Model {
  static override tableName = 'payments';

  id!: number;
  userId!: number;
  courseId!: number | null;
  provider!: string;
  providerReference!: string | null;
  amount!: number;
  currency!: string;
  status!: string;
  createdAt!: number;
  updatedAt!: number;
}
