import {
  DEFAULT_RESPONSE_DAYS,
  type AccessibilitySettingsDto,
  type AccessibilityStatementDto,
  type CaptionPreferencesDto,
  type UncaptionedCourseDto,
} from '@atrium/common';
import type { Config } from '../config.ts';
import { dbBoolean, toIso } from '../db/knex.ts';
import type { AccessibilitySettings, User } from '../db/tables.ts';
import type { Catalogue } from '../services/catalogue.ts';

/** The agency's parts as saved, or the defaults before an admin has saved them. */
export function presentAccessibilitySettings(row: AccessibilitySettings | undefined): AccessibilitySettingsDto {
  return {
    contactEmail: row?.contactEmail ?? null,
    contactPhone: row?.contactPhone ?? null,
    responseDays: Number(row?.responseDays ?? DEFAULT_RESPONSE_DAYS),
    testedOn: row?.testedOn ?? null,
    testedBy: row?.testedBy ?? null,
    knownIssues: row?.knownIssues ?? null,
    updatedAt: toIso(row?.updatedAt ?? null),
  };
}

/**
 * The statement: the agency's parts beside what the catalogue shows, each module a video and
 * "accessible" here meaning it has captions in at least one language.
 */
export function presentAccessibilityStatement(
  config: Pick<Config, 'brandName' | 'publicUrl' | 'supportEmail'>,
  row: AccessibilitySettings | undefined,
  catalogue: Catalogue,
  captioned: ReadonlySet<number>,
): AccessibilityStatementDto {
  const settings = presentAccessibilitySettings(row);
  const uncaptioned: UncaptionedCourseDto[] = [];
  let totalModules = 0;
  for (const { course, modules } of catalogue.courses.values()) {
    totalModules += modules.length;
    const missing = modules.filter((module) => !captioned.has(Number(module.id)));
    if (missing.length > 0) {
      uncaptioned.push({
        courseId: Number(course.id),
        title: course.title,
        modules: missing.map((module) => ({ moduleId: Number(module.id), title: module.title })),
      });
    }
  }
  const missingCount = uncaptioned.reduce((sum, course) => sum + course.modules.length, 0);
  return {
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    settings,
    contactEmail: settings.contactEmail ?? config.supportEmail,
    totalModules,
    captionedModules: totalModules - missingCount,
    uncaptioned,
  };
}

export function presentCaptionPreferences(user: Pick<User, 'captionsOn' | 'captionsLang'>): CaptionPreferencesDto {
  return { on: user.captionsOn === null || user.captionsOn === undefined ? false : dbBoolean(user.captionsOn), lang: user.captionsLang ?? null };
}
