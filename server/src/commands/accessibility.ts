import { DEFAULT_RESPONSE_DAYS, isFutureReviewDay, REVIEWED_IN_FUTURE, type AccessibilityReportInput, type AccessibilitySettingsInput } from '@atrium/common';
import type { Db } from '../db/knex.ts';
import { badRequest } from '../errors.ts';
import type { MailBrand } from '../mail/render.ts';
import { accessibilityReportMail } from '../mail/templates/accessibilityReport.tsx';
import { accessibilitySettings } from '../queries/accessibility.ts';
import type { Clock } from '../services/clock.ts';
import type { Mailer } from '../services/mail.ts';

/**
 * Saves the statement's agency parts: the one row is written the first time, updated after. A
 * review dated in the future (by the app clock) is refused: the statement would claim it happened.
 */
export async function saveAccessibilitySettings(db: Db, clock: Clock, adminId: number, input: AccessibilitySettingsInput): Promise<void> {
  const now = clock.now().getTime();
  if (input.testedOn && isFutureReviewDay(input.testedOn, now)) throw badRequest(REVIEWED_IN_FUTURE, { testedOn: REVIEWED_IN_FUTURE });
  await db('accessibilitySettings')
    .insert({ id: 1, ...input, updatedBy: adminId, updatedAt: now })
    .onConflict('id')
    .merge(['contactEmail', 'contactPhone', 'responseDays', 'testedOn', 'testedBy', 'knownIssues', 'updatedBy', 'updatedAt']);
}

/**
 * Stores a reported accessibility problem in the admin inbox (its own category) and queues its
 * mail to the statement's contact address, or the support inbox when none is set, together.
 */
export async function receiveAccessibilityReport(
  db: Db,
  clock: Clock,
  mailer: Mailer,
  brand: MailBrand,
  input: AccessibilityReportInput,
): Promise<{ id: number; responseDays: number }> {
  const receivedAt = clock.now().getTime();
  return db.transaction(async (trx) => {
    const settings = await accessibilitySettings(trx);
    const responseDays = Number(settings?.responseDays ?? DEFAULT_RESPONSE_DAYS);
    const [inserted] = await trx('contactMessages').insert({
      name: input.name,
      email: input.email,
      message: input.page ? `Page or feature: ${input.page}\n\n${input.message}` : input.message,
      source: 'accessibility',
      createdAt: receivedAt,
    });
    await mailer.send(trx, settings?.contactEmail ?? brand.supportEmail, accessibilityReportMail, { brand, input, receivedAt, responseDays });
    return { id: Number(inserted), responseDays };
  });
}

/** Remembers whether this person wants captions over the video, and in which language. */
export async function saveCaptionPreferences(db: Db, clock: Clock, userId: number, input: { on: boolean; lang?: string | null }): Promise<void> {
  const language = input.lang === undefined ? {} : { captionsLang: input.lang };
  await db('users')
    .where({ id: userId })
    .update({ captionsOn: input.on, ...language, updatedAt: clock.now().getTime() });
}
