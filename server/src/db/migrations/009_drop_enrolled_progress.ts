import type { Knex } from 'knex';
import * as enrolledProgress from './008_enrolled_progress.ts';

// The dashboard reads course_progress by the learner's id: one derived layer kept by triggers
// (on progress) instead of two. enrolled_progress and its six triggers on course_progress and
// enrollments go; rolling back restores them, rebuilt from what is there then.

export async function up(knex: Knex): Promise<void> {
  for (const name of enrolledProgress.TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  await knex.schema.dropTableIfExists('enrolledProgress');
}

export async function down(knex: Knex): Promise<void> {
  await enrolledProgress.up(knex);
}
