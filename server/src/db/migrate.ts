import type { Knex } from 'knex';
import type { Db } from './knex.ts';
import * as initial from './migrations/001_initial.ts';
import * as payments from './migrations/002_payments.ts';
import * as accountDeletion from './migrations/004_account_deletion.ts';
import * as schools from './migrations/005_schools.ts';
import * as progressDashboardIndex from './migrations/006_progress_dashboard_index.ts';
import * as courseProgress from './migrations/007_course_progress.ts';
import * as enrolledProgress from './migrations/008_enrolled_progress.ts';
import * as dropEnrolledProgress from './migrations/009_drop_enrolled_progress.ts';
import * as outboxHtml from './migrations/010_outbox_html.ts';
import * as schoolSignIn from './migrations/011_school_sign_in.ts';
import * as deadlinesReminders from './migrations/012_deadlines_reminders.ts';
import * as pricesInvoices from './migrations/013_prices_invoices.ts';
import * as credentials from './migrations/014_credentials.ts';
import * as certificateRenewal from './migrations/015_certificate_renewal.ts';
import * as googleWorkspace from './migrations/016_google_workspace.ts';
import * as invitations from './migrations/017_invitations.ts';
import * as domainClaims from './migrations/018_domain_claims.ts';
import * as outboxAttachments from './migrations/019_outbox_attachments.ts';
import * as orderDiscounts from './migrations/020_order_discounts.ts';
import * as playedSeconds from './migrations/022_played_seconds.ts';
import * as resources from './migrations/023_resources.ts';
import * as captions from './migrations/024_captions.ts';
import * as insights from './migrations/025_insights.ts';
import * as trusts from './migrations/026_trusts.ts';
import * as accessibility from './migrations/027_accessibility.ts';
import * as quizzes from './migrations/028_quizzes.ts';
import * as insightsPositions from './migrations/029_insights_positions.ts';
import * as progressCompletionIndex from './migrations/030_progress_completion_index.ts';
import * as assignments from './migrations/031_assignments.ts';
import * as memberMoves from './migrations/034_member_moves.ts';
import * as groups from './migrations/032_groups.ts';
import * as statusCounts from './migrations/035_status_counts.ts';
import * as quizDraws from './migrations/036_quiz_draws.ts';
import * as uploads from './migrations/037_uploads.ts';
import * as cpdHours from './migrations/038_cpd_hours.ts';
import * as externalCpd from './migrations/039_external_cpd.ts';
import * as directorySync from './migrations/040_directory_sync.ts';
import * as identityProviders from './migrations/041_identity_providers.ts';
import * as discussion from './migrations/042_discussion.ts';
import * as retentionFold from './migrations/043_retention_fold.ts';
import * as cpdRecord from './migrations/044_cpd_record.ts';
import * as moderation from './migrations/045_moderation.ts';
import * as oneRoster from './migrations/047_oneroster.ts';
import * as statusMarksGuarded from './migrations/048_status_marks_guarded.ts';
import * as ssoTestRequired from './migrations/049_sso_test_required.ts';
import * as discussionNotifications from './migrations/050_discussion_notifications.ts';
import * as enrolledFigures from './migrations/051_enrolled_figures.ts';
import * as widerText from './migrations/052_wider_text.ts';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed here rather than read from a folder, so migrations run the same under tsx, in tests
// and from any working directory.
const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_payments': payments,
  '004_account_deletion': accountDeletion,
  '005_schools': schools,
  '006_progress_dashboard_index': progressDashboardIndex,
  '007_course_progress': courseProgress,
  '008_enrolled_progress': enrolledProgress,
  '009_drop_enrolled_progress': dropEnrolledProgress,
  '010_outbox_html': outboxHtml,
  '011_school_sign_in': schoolSignIn,
  '012_deadlines_reminders': deadlinesReminders,
  '013_prices_invoices': pricesInvoices,
  '014_credentials': credentials,
  '015_certificate_renewal': certificateRenewal,
  '016_google_workspace': googleWorkspace,
  '017_invitations': invitations,
  '018_domain_claims': domainClaims,
  '019_outbox_attachments': outboxAttachments,
  '020_order_discounts': orderDiscounts,
  '022_played_seconds': playedSeconds,
  '023_resources': resources,
  '024_captions': captions,
  '025_insights': insights,
  '026_trusts': trusts,
  '027_accessibility': accessibility,
  '028_quizzes': quizzes,
  '029_insights_positions': insightsPositions,
  '030_progress_completion_index': progressCompletionIndex,
  '031_assignments': assignments,
  '034_member_moves': memberMoves,
  '032_groups': groups,
  '035_status_counts': statusCounts,
  '036_quiz_draws': quizDraws,
  '037_uploads': uploads,
  '038_cpd_hours': cpdHours,
  '039_external_cpd': externalCpd,
  '040_directory_sync': directorySync,
  '041_identity_providers': identityProviders,
  '042_discussion': discussion,
  '043_retention_fold': retentionFold,
  '044_cpd_record': cpdRecord,
  '045_moderation': moderation,
  '047_oneroster': oneRoster,
  '048_status_marks_guarded': statusMarksGuarded,
  '049_sso_test_required': ssoTestRequired,
  '050_discussion_notifications': discussionNotifications,
  '051_enrolled_figures': enrolledFigures,
  '052_wider_text': widerText,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource: source });
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: source }, true);
}

/** Undoes the migrations from the latest back to `name`, that one included (each one's `down`). */
export async function rollbackThrough(db: Db, name: string): Promise<void> {
  for (;;) {
    const [completed] = (await db.migrate.list({ migrationSource: source })) as [Array<string | { name: string }>, unknown];
    const names = completed.map((entry) => (typeof entry === 'string' ? entry : entry.name));
    if (!names.includes(name)) return;
    await db.migrate.down({ migrationSource: source });
  }
}
