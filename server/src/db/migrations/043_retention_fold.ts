import type { Knex } from 'knex';

// The retention counters leave the progress write's path (issue 54).
//
// Until now the triggers of 025 added a write's newly set bits to `module_buckets` and
// `module_viewers` as it happened: per bucket word written, a join over `bit_positions` and an
// upsert of counters that every learner of the module shares, so concurrent reports queued on
// the same rows. On MariaDB that was about a third of a progress report's database CPU.
//
// Now the triggers only note what a write newly set, in `retention_pending` (an append: no read
// of shared rows, no lock another report waits for), in the write's own transaction: an
// acknowledged report's news is committed with its bits, so a crash loses none. The
// retention-fold job (commands/retentionFold.ts) adds the pending rows to the counters in
// batches and deletes them in the same transaction, so each is counted exactly once; the
// retention chart folds what is pending before it reads, so it reads what was written.
// `first`: the write was the learner's first word of the module (025's viewer).
//
// Frozen SQL: a migration imports nothing from live code.
const TRIGGERS = ['progress_buckets_insert', 'progress_buckets_update'];

const firstWord = (row: string) =>
  `not exists (select 1 from progress_buckets o where o.user_id = ${row}.user_id and o.module_id = ${row}.module_id and o.word <> ${row}.word)`;

const SQLITE_TRIGGERS = [
  `create trigger progress_buckets_insert after insert on progress_buckets begin
    insert into retention_pending (module_id, word, bits, first) values (new.module_id, new.word, new.bits, ${firstWord('new')});
  end`,
  `create trigger progress_buckets_update after update of bits on progress_buckets when (new.bits & ~old.bits) <> 0 begin
    insert into retention_pending (module_id, word, bits, first) values (new.module_id, new.word, new.bits & ~old.bits, 0);
  end`,
];

const MYSQL_TRIGGERS = [
  `create trigger progress_buckets_insert after insert on progress_buckets for each row
    insert into retention_pending (module_id, word, bits, first) values (NEW.module_id, NEW.word, NEW.bits, ${firstWord('NEW')})`,
  `create trigger progress_buckets_update after update on progress_buckets for each row begin
    if (NEW.bits & ~OLD.bits) <> 0 then
      insert into retention_pending (module_id, word, bits, first) values (NEW.module_id, NEW.word, NEW.bits & ~OLD.bits, 0);
    end if;
  end`,
];

// 025's triggers, for down().
const SQLITE_025 = [
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
const MYSQL_025 = [
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

const mysqlOf = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('retentionPending', (t) => {
    t.increments('id').primary();
    // No foreign key: a deleted module's pending news is dropped by the fold.
    t.integer('moduleId').unsigned().notNullable();
    t.integer('word').notNullable();
    t.bigInteger('bits').unsigned().notNullable();
    t.boolean('first').notNullable().defaultTo(false);
  });
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  for (const sql of mysqlOf(knex) ? MYSQL_TRIGGERS : SQLITE_TRIGGERS) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`drop trigger if exists ${name}`);
  for (const sql of mysqlOf(knex) ? MYSQL_025 : SQLITE_025) await knex.raw(sql);
  // What was pending is lost to the counters; down() is for development databases.
  await knex.schema.dropTable('retentionPending');
}
