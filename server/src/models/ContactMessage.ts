import { Model } from 'objection';

export class ContactMessage extends Model {
  static override tableName = 'contactMessages';

  id!: number;
  name!: string;
  email!: string;
  company!: string | null;
  phone!: string | null;
  message!: string;
  source!: 'landing' | 'widget';
  createdAt!: number;
  handledAt!: number | null;
}
