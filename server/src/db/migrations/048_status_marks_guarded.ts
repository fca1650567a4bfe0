import type { Knex } from 'knex';

// The status marks of 035 on `course_progress`, guarded (issue 54). A pair's status moves only when
// it starts (or stops being started), so 035's triggers bump the school's number under a `WHERE`
// that is false for every other write. But that `WHERE` still runs for every progress report:
// MariaDB evaluates the school lookups beside the comparison (two index reads of school_members
// for each report, a quarter of a partial report's key reads: bench/README.md, "One partial
// report, counted"), and SQLite runs the UPDATE's program. Now the comparison decides whether
// the statement runs at all (MariaDB: IF … END IF; SQLite: the trigger's WHEN), so an ordinary
// report reads nothing for the marks. The marks are written exactly when they were, in the
// write's own transaction: an acknowledged start is never missing from the counts.
//
// Frozen SQL: a migration imports nothing from live code.

const bump = (where: string) => `update status_count_versions set version = version + 1 where ${where}`;
const userSchools = (row: string) => `school_id in (select sm.school_id from school_members sm where sm.user_id = ${row}.user_id)`;
const started = (row: string) => `(${row}.completed_modules > 0 or ${row}.watched_seconds > 0)`;

interface Trigger {
  name: string;
  event: 'insert' | 'update' | 'delete';
  /** When the marks can change. */
  when: string;
  sql: string;
  /** 035's form. */
  before: string;
}

const TRIGGERS: Trigger[] = [
  {
    name: 'course_progress_counts_insert',
    event: 'insert',
    when: started('new'),
    sql: bump(userSchools('new')),
    before: bump(`${started('new')} and ${userSchools('new')}`),
  },
  {
    name: 'course_progress_counts_update',
    event: 'update',
    when: `${started('old')} <> ${started('new')}`,
    sql: bump(`(${userSchools('old')} or ${userSchools('new')})`),
    before: bump(`${started('old')} <> ${started('new')} and (${userSchools('old')} or ${userSchools('new')})`),
  },
  {
    name: 'course_progress_counts_delete',
    event: 'delete',
    when: started('old'),
    sql: bump(userSchools('old')),
    before: bump(`${started('old')} and ${userSchools('old')}`),
  },
];

const mysqlOf = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  const mysql = mysqlOf(knex);
  for (const trigger of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${trigger.name}`);
    const head = `create trigger ${trigger.name} after ${trigger.event} on course_progress`;
    await knex.raw(
      mysql ? `${head} for each row begin if ${trigger.when} then ${trigger.sql}; end if; end` : `${head} when ${trigger.when} begin ${trigger.sql}; end`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const mysql = mysqlOf(knex);
  for (const trigger of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${trigger.name}`);
    const head = `create trigger ${trigger.name} after ${trigger.event} on course_progress`;
    await knex.raw(mysql ? `${head} for each row ${trigger.before}` : `${head} begin ${trigger.before}; end`);
  }
}
