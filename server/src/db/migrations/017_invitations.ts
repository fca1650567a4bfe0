import type { Knex } from 'knex';

// Invitations as a person, not only a link (issues 33 and 34):
// - schoolInvites.firstName / lastName: the name the manager gave, shown in the invited list and
//   offered to the registration form; sentAt: when the invitation was last mailed (a resend
//   moves it).
// - schools.invitesApprovedAt: an admin let a school without a licence send invitation mail.
// - schools.inviteMailDay / inviteMailCount: invitation mails sent on that UTC day (day number
//   since the epoch), the school's daily cap counted on its own row, which every sender locks.
//
// Columns are dropped with a plain ALTER TABLE on SQLite: knex's rebuild of `schools` would
// cascade into every table that references it.
const SCHOOL_COLUMNS = ['invitesApprovedAt', 'inviteMailDay', 'inviteMailCount'];
const INVITE_COLUMNS = ['firstName', 'lastName', 'sentAt'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('schoolInvites', (t) => {
    t.string('firstName', 100).nullable();
    t.string('lastName', 100).nullable();
    t.bigInteger('sentAt').nullable();
  });
  await knex.schema.alterTable('schools', (t) => {
    t.bigInteger('invitesApprovedAt').nullable();
    t.integer('inviteMailDay').nullable();
    t.integer('inviteMailCount').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'mysql2') {
    await knex.schema.alterTable('schools', (t) => {
      t.dropColumns(...SCHOOL_COLUMNS);
    });
    await knex.schema.alterTable('schoolInvites', (t) => {
      t.dropColumns(...INVITE_COLUMNS);
    });
    return;
  }
  for (const column of SCHOOL_COLUMNS) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schools', column]);
  for (const column of INVITE_COLUMNS) await knex.raw('ALTER TABLE ?? DROP COLUMN ??', ['schoolInvites', column]);
}
