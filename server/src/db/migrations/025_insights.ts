import type { Knex } from 'knex';

// Insights (issue 40).
//
// Retention per video: the player reports which 10-second buckets it played since its last
// report. Per learner and module only a bitmask is kept (`progress_buckets`, 32 buckets a word,
// one row per word touched: 8 bytes per 320 s of a video, rows only where the learner played),
// and per module one counter per bucket (`module_buckets`) plus the learners who started it
// (`module_viewers`). Triggers on `progress_buckets` add to the counters exactly the bits a write
// newly sets (NEW & ~OLD), so a learner watching a part again is never counted twice, whichever
// way the mask is written. `bit_positions` (0–31) lets a trigger turn a word into its set bits
// without a recursive query (SQLite allows none inside a trigger).
//
// Weekly series: `insights_weekly` and `insights_weekly_revenue` are a rollup per week (Monday
// 00:00 UTC, epoch ms), course and school (0 for learners in no school), rewritten by the
// `insights-rollup` scheduler job, so a chart reads a few hundred rows instead of scanning
// enrollments, certificates and payments.
//
// Frozen SQL: a migration imports nothing from live code.

const TRIGGERS = ['progress_buckets_insert', 'progress_buckets_update'];

// A learner is a viewer of the module from their first word on; each set bit counts once.
const SQLITE_TRIGGERS = [
  `create trigger progress_buckets_insert after insert on progress_buckets begin
    insert into module_viewers (module_id, viewers) select new.module_id, 1
      where not exists (select 1 from progress_buckets o where o.user_id = new.user_id and o.module_id = new.module_id and o.word <> new.word)
      on conflict (module_id) do update set viewers = viewers + 1;
    insert into module_buckets (module_id, bucket, viewers) select new.module_id, new.word * 32 + b.bit, 1 from bit_positions b
      where (new.bits >> b.bit) & 1 = 1
      on conflict (module_id, bucket) do update set viewers = viewers + 1;
  end`,
  `create trigger progress_buckets_update after update of bits on progress_buckets when new.bits <> old.bits begin
    insert into module_buckets (module_id, bucket, viewers) select new.module_id, new.word * 32 + b.bit, 1 from bit_positions b
      where ((new.bits & ~old.bits) >> b.bit) & 1 = 1
      on conflict (module_id, bucket) do update set viewers = viewers + 1;
  end`,
];

const MYSQL_TRIGGERS = [
  `create trigger progress_buckets_insert after insert on progress_buckets for each row begin
    insert into module_viewers (module_id, viewers) select NEW.module_id, 1 from dual
      where not exists (select 1 from progress_buckets o where o.user_id = NEW.user_id and o.module_id = NEW.module_id and o.word <> NEW.word)
      on duplicate key update viewers = module_viewers.viewers + 1;
    insert into module_buckets (module_id, bucket, viewers) select NEW.module_id, NEW.word * 32 + b.bit, 1 from bit_positions b
      where (NEW.bits >> b.bit) & 1 = 1
      on duplicate key update viewers = module_buckets.viewers + 1;
  end`,
  `create trigger progress_buckets_update after update on progress_buckets for each row begin
    insert into module_buckets (module_id, bucket, viewers) select NEW.module_id, NEW.word * 32 + b.bit, 1 from bit_positions b
      where ((NEW.bits & ~OLD.bits) >> b.bit) & 1 = 1
      on duplicate key update viewers = module_buckets.viewers + 1;
  end`,
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bitPositions', (t) => {
    t.integer('bit').primary();
  });
  await knex('bitPositions').insert(Array.from({ length: 32 }, (_, bit) => ({ bit })));

  await knex.schema.createTable('progressBuckets', (t) => {
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('moduleId').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    // Bucket b is bit (b % 32) of word (b / 32).
    t.integer('word').notNullable();
    t.bigInteger('bits').unsigned().notNullable();
    t.primary(['userId', 'moduleId', 'word']);
    t.index(['moduleId']);
  });
  await knex.schema.createTable('moduleBuckets', (t) => {
    t.integer('moduleId').unsigned().notNullable().references('id').inTable('modules').onDelete('CASCADE');
    t.integer('bucket').notNullable();
    t.integer('viewers').notNullable().defaultTo(0);
    t.primary(['moduleId', 'bucket']);
  });
  await knex.schema.createTable('moduleViewers', (t) => {
    t.integer('moduleId').unsigned().notNullable().primary().references('id').inTable('modules').onDelete('CASCADE');
    t.integer('viewers').notNullable().defaultTo(0);
  });
  const mysql = knex.client.config.client === 'mysql2';
  for (const sql of mysql ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await knex.raw(sql);

  await knex.schema.createTable('insightsWeekly', (t) => {
    t.bigInteger('weekStart').notNullable();
    t.integer('courseId').unsigned().notNullable();
    t.integer('schoolId').unsigned().notNullable();
    t.integer('enrollments').notNullable().defaultTo(0);
    t.integer('completions').notNullable().defaultTo(0);
    t.integer('certificates').notNullable().defaultTo(0);
    t.primary(['weekStart', 'courseId', 'schoolId']);
    t.index(['schoolId', 'weekStart']);
  });
  await knex.schema.createTable('insightsWeeklyRevenue', (t) => {
    t.bigInteger('weekStart').notNullable();
    t.integer('courseId').unsigned().notNullable();
    t.integer('schoolId').unsigned().notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('amount').notNullable().defaultTo(0);
    t.primary(['weekStart', 'courseId', 'schoolId', 'currency']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  for (const table of ['insightsWeeklyRevenue', 'insightsWeekly', 'moduleViewers', 'moduleBuckets', 'progressBuckets', 'bitPositions']) {
    await knex.schema.dropTable(table);
  }
}
