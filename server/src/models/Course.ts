import { Model } from 'objection';
import { Module } from './Module.ts';

export class Course extends Model {
  static override tableName = 'courses';

  id!: number;
  title!: string;
  description!: string;
  price!: number;
  /** Cents and euro cents; null when the course is not offered in that currency. */
  priceUsd!: number | null;
  priceEur!: number | null;
  thumbnail!: string | null;
  salesVideoId!: string | null;
  /** Months a certificate stays current (null: never expires). */
  validityMonths!: number | null;
  createdAt!: number;
  updatedAt!: number;
  modules?: Module[];

  static override relationMappings = () => ({
    modules: {
      relation: Model.HasManyRelation,
      modelClass: Module,
      join: { from: 'courses.id', to: 'modules.courseId' },
    },
  });
}
