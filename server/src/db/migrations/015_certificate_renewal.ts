import type { Knex } from 'knex';

// Renewal: a learner whose certificate has expired (or expires within 30 days) retakes the
// course and earns a new certificate with a new number; the old one stays as issued.
// Certificates are numbered by round per learner and course (0: the first time), and the unique
// key (userId, courseId, round) keeps issuing exactly-once per round. Each renewal started is a
// row of certificateRenewals, whose own unique key makes a second start of the same round
// impossible, and which records for an audit when it was started and which certificate it
// renews (the progress it reset is gone).
//
// MySQL needs an index starting with userId for the foreign key at every moment, so the new
// unique key is added before the old one goes (and the other way round in `down`). On SQLite
// both are plain indexes and `round` a plain column, dropped in place: a rebuild of
// `certificates` would cascade into certificateCredentials.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('certificates', (t) => {
    t.integer('round').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('certificates', (t) => {
    t.unique(['userId', 'courseId', 'round']);
  });
  await knex.schema.alterTable('certificates', (t) => {
    t.dropUnique(['userId', 'courseId']);
  });
  await knex.schema.createTable('certificateRenewals', (t) => {
    t.increments('id');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable().references('id').inTable('courses').onDelete('CASCADE');
    t.integer('round').notNullable();
    t.integer('previousCertificateId').unsigned().nullable().references('id').inTable('certificates').onDelete('SET NULL');
    t.bigInteger('startedAt').notNullable();
    t.unique(['userId', 'courseId', 'round']);
    t.index(['courseId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // Two certificates of one learner and course cannot go back under the old key; deleting the
  // renewed ones would destroy certificates people hold, so rolling back waits for a decision.
  const renewed = await knex('certificates').where('round', '>', 0).count({ n: '*' }).first();
  if (Number(renewed?.n ?? 0) > 0) {
    throw new Error(`015_certificate_renewal: ${String(renewed?.n)} renewed certificates exist; the old one-per-course key cannot hold them`);
  }
  await knex.schema.dropTable('certificateRenewals');
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable('certificates', (t) => {
      t.unique(['userId', 'courseId']);
    });
    await knex.schema.alterTable('certificates', (t) => {
      t.dropUnique(['userId', 'courseId', 'round']);
    });
    await knex.schema.alterTable('certificates', (t) => {
      t.dropColumn('round');
    });
  } else {
    await knex.schema.alterTable('certificates', (t) => {
      t.dropUnique(['userId', 'courseId', 'round']);
    });
    await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['certificates', 'round']);
    await knex.schema.alterTable('certificates', (t) => {
      t.unique(['userId', 'courseId']);
    });
  }
}
