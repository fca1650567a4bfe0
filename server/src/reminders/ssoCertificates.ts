import { dayOf, DAY_MS, isoDay } from '@atrium/common';
import { personalise } from '../mail/personalised.ts';
import { ssoCertificateExpiryMail } from '../mail/templates/ssoCertificateExpiry.tsx';
import type { JobContext } from '../scheduler/scheduler.ts';
import { sendReminders, type ReminderMail } from './send.ts';

/** How long before a SAML provider's certificate expires its managers are told. */
export const CERTIFICATE_WARNING_MS = 30 * DAY_MS;
/**
 * The key of the warning in remindersSent: the manager, the connection (in courseId, which has no
 * foreign key: 0 is "no course", a connection id here), this kind, and the certificate's expiry
 * day, so each certificate is warned about once per manager, and a new certificate (another
 * expiry) is warned about again when its time comes.
 */
export const SSO_CERTIFICATE_KIND = 'sso-certificate';

/**
 * Hourly: for each SAML connection whose earliest certificate expires within 30 days (or has
 * expired), one e-mail to each manager of its school or trust whose address is verified, once per
 * certificate (reminders/send.ts queues each key's mail exactly once, through the outbox).
 * Anyone can register an account under someone else's address and be made a manager of a school
 * they founded, so an unverified manager's address would let them aim our mail at a stranger.
 */
export async function runSsoCertificateWarnings({ deps, now, renewLease }: JobContext): Promise<{ sent: number }> {
  const { db, config } = deps;
  const brand = { brandName: config.brandName, publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  const connections: Array<{ id: number; schoolId: number | null; trustId: number | null; certificateExpiresAt: number }> = await db('identityProviders')
    .where({ kind: 'saml' })
    .whereNotNull('certificateExpiresAt')
    .where('certificateExpiresAt', '<=', now + CERTIFICATE_WARNING_MS)
    .select('id', 'schoolId', 'trustId', 'certificateExpiresAt');
  let sent = 0;
  for (const connection of connections) {
    const expiresAt = Number(connection.certificateExpiresAt);
    const school = connection.schoolId !== null;
    const managers: Array<{ userId: number; email: string; firstName: string | null; ownerName: string }> = school
      ? await db('schoolMembers as m')
          .join('users as u', 'u.id', 'm.userId')
          .join('schools as s', 's.id', 'm.schoolId')
          .where({ 'm.schoolId': connection.schoolId, 'm.role': 'manager' })
          .whereNotNull('u.emailVerifiedAt')
          .select('m.userId', 'u.email', 'u.firstName', 's.name as ownerName')
      : await db('trustManagers as m')
          .join('users as u', 'u.id', 'm.userId')
          .join('trusts as t', 't.id', 'm.trustId')
          .where({ 'm.trustId': connection.trustId })
          .whereNotNull('u.emailVerifiedAt')
          .select('m.userId', 'u.email', 'u.firstName', 't.name as ownerName');
    const reminders = managers.map((manager): ReminderMail => ({
      userId: Number(manager.userId),
      courseId: Number(connection.id),
      kind: SSO_CERTIFICATE_KIND,
      dueDay: dayOf(expiresAt),
      to: manager.email,
      headers: {},
      mail: personalise(
        ssoCertificateExpiryMail,
        {
          brand,
          firstName: manager.firstName,
          ownerName: manager.ownerName,
          expiresOn: isoDay(dayOf(expiresAt)),
          expired: expiresAt <= now,
          settingsUrl: `${config.publicUrl}/${school ? 'school' : 'trust'}`,
        },
        ['firstName'],
      ),
    }));
    sent += await sendReminders(deps, now, reminders);
    await renewLease();
  }
  return { sent };
}
