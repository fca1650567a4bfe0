import type { Knex } from 'knex';

// A trust's counts by status, kept per school (issue 39's scale: a trust is 100,000 member ×
// course pairs, too many to compute per answer). queries/statusCounts.ts says how they are read.
//
// statusCounts: per school, course, group (0: everyone) and what a pair's status is made of that
// does not move with the clock: `kind` (c: a current certificate, r: one with a renewal started,
// s: started without one, n: not started), the due day (pairs without a certificate) and the
// certificate's issue instant (pairs with one). Overdue, due soon and renewal due are decided
// when the counts are read, from today and the courses' validities, so time passing needs no write.
//
// statusCountVersions: per school, a number every write that can change one of its pairs' status
// (or a group's members) raises, by the triggers below; statusCountsBuilt: the number the school's
// rows were computed at. A school whose two numbers differ (or that has either row missing) is
// computed again when next read. Triggers see every write, the app's and a bulk load's alike;
// MySQL and MariaDB fire none for a foreign key's cascade, so the parents whose deletion cascades
// into these tables (users, courses, trusts, groups) raise the numbers before they go.
//
// `groups` is quoted: a reserved word in MySQL 8 (SQLite takes backquotes too).
//
// Frozen SQL: a migration imports nothing from live code, so it runs the same on every later
// version of the app.

const bump = (where: string) => `update status_count_versions set version = version + 1 where ${where}`;
const school = (row: string) => `school_id = ${row}.school_id`;
const userSchools = (row: string, column = 'user_id') => `school_id in (select sm.school_id from school_members sm where sm.user_id = ${row}.${column})`;
const trustSchools = (trustId: string) => `school_id in (select s.id from schools s where s.trust_id = ${trustId})`;
const groupScope = (row: string) => `(school_id = ${row}.school_id or ${trustSchools(`${row}.trust_id`)})`;
const groupCourseScope = (row: string) =>
  `(school_id in (select g.school_id from \`groups\` g where g.id = ${row}.group_id)
    or school_id in (select s.id from schools s join \`groups\` g on g.trust_id = s.trust_id where g.id = ${row}.group_id))`;
const started = (row: string) => `(${row}.completed_modules > 0 or ${row}.watched_seconds > 0)`;

interface Trigger {
  name: string;
  timing: 'before' | 'after';
  event: 'insert' | 'update' | 'delete';
  table: string;
  sql: string;
}

/** Insert, update and delete triggers on `table` raising the schools `scope` names for the row. */
function onRows(table: string, scope: (row: string) => string): Trigger[] {
  return [
    { name: `${table}_counts_insert`, timing: 'after', event: 'insert', table, sql: bump(scope('new')) },
    { name: `${table}_counts_update`, timing: 'after', event: 'update', table, sql: bump(`(${scope('old')} or ${scope('new')})`) },
    { name: `${table}_counts_delete`, timing: 'after', event: 'delete', table, sql: bump(scope('old')) },
  ];
}

const TRIGGERS: Trigger[] = [
  ...onRows('school_members', school),
  ...onRows('school_licences', school),
  ...onRows('school_deadlines', school),
  ...onRows('trust_deadlines', (row) => trustSchools(`${row}.trust_id`)),
  ...onRows('group_members', (row) => userSchools(row)),
  ...onRows('group_courses', groupCourseScope),
  ...onRows('certificates', (row) => userSchools(row)),
  ...onRows('certificate_renewals', (row) => userSchools(row)),
  // Progress is written all day long; only a pair's first start (or its undoing) changes a status.
  {
    name: 'course_progress_counts_insert',
    timing: 'after',
    event: 'insert',
    table: 'course_progress',
    sql: bump(`${started('new')} and ${userSchools('new')}`),
  },
  {
    name: 'course_progress_counts_update',
    timing: 'after',
    event: 'update',
    table: 'course_progress',
    sql: bump(`${started('old')} <> ${started('new')} and (${userSchools('old')} or ${userSchools('new')})`),
  },
  {
    name: 'course_progress_counts_delete',
    timing: 'after',
    event: 'delete',
    table: 'course_progress',
    sql: bump(`${started('old')} and ${userSchools('old')}`),
  },
  // A school attached to a trust, detached or moved: its trust's deadlines and groups apply or stop.
  { name: 'schools_counts_update', timing: 'after', event: 'update', table: 'schools', sql: bump('(school_id = old.id or school_id = new.id)') },
  { name: 'groups_counts_update', timing: 'after', event: 'update', table: '`groups`', sql: bump(`(${groupScope('old')} or ${groupScope('new')})`) },
  // Before the cascades: their rows are still there to say which schools they touch.
  { name: 'groups_counts_delete', timing: 'before', event: 'delete', table: '`groups`', sql: bump(groupScope('old')) },
  { name: 'users_counts_delete', timing: 'before', event: 'delete', table: 'users', sql: bump(userSchools('old', 'id')) },
  {
    name: 'courses_counts_delete',
    timing: 'before',
    event: 'delete',
    table: 'courses',
    sql: bump('school_id in (select sl.school_id from school_licences sl where sl.course_id = old.id)'),
  },
  { name: 'trusts_counts_delete', timing: 'before', event: 'delete', table: 'trusts', sql: bump(trustSchools('old.id')) },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('statusCounts', (t) => {
    t.integer('schoolId').unsigned().notNullable().references('id').inTable('schools').onDelete('CASCADE');
    t.integer('courseId').unsigned().notNullable();
    t.integer('groupId').unsigned().notNullable();
    t.string('kind', 1).notNullable();
    t.integer('dueDay').nullable();
    t.bigInteger('issuedAt').nullable();
    t.integer('n').notNullable();
    t.index(['schoolId', 'groupId', 'courseId']);
  });
  for (const table of ['statusCountVersions', 'statusCountsBuilt']) {
    await knex.schema.createTable(table, (t) => {
      t.integer('schoolId').unsigned().notNullable().primary().references('id').inTable('schools').onDelete('CASCADE');
      t.bigInteger('version').notNullable().defaultTo(0);
    });
  }
  await knex.raw('insert into status_count_versions (school_id, version) select id, 0 from schools');
  const mysql = knex.client.config.client === 'mysql2';
  for (const trigger of TRIGGERS) {
    const head = `create trigger ${trigger.name} ${trigger.timing} ${trigger.event} on ${trigger.table}`;
    await knex.raw(mysql ? `${head} for each row ${trigger.sql}` : `${head} begin ${trigger.sql}; end`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger.name}`);
  for (const table of ['statusCountsBuilt', 'statusCountVersions', 'statusCounts']) await knex.schema.dropTableIfExists(table);
}
