import { z } from 'zod';

/**
 * The parts of the accessibility statement that are the agency's to say, as an admin edits them
 * (`PUT /api/admin/accessibility`). Null until said; `updatedAt` null until first saved.
 */
export const accessibilitySettingsDtoSchema = z
  .object({
    /** Where accessibility problems go; null = the support address. */
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    /** Working days within which a report is answered. */
    responseDays: z.number(),
    /** The day the statement was last reviewed (YYYY-MM-DD). */
    testedOn: z.string().nullable(),
    /** Who carried out the last review (an organisation or team). */
    testedBy: z.string().nullable(),
    /** The agency's own note on what is not yet accessible, shown as written. */
    knownIssues: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AccessibilitySettingsDto' });
export type AccessibilitySettingsDto = z.infer<typeof accessibilitySettingsDtoSchema>;

/** A course whose videos are not all captioned, with the modules still without captions. */
export const uncaptionedCourseDtoSchema = z
  .object({ courseId: z.number(), title: z.string(), modules: z.array(z.object({ moduleId: z.number(), title: z.string() })) })
  .meta({ id: 'UncaptionedCourseDto' });
export type UncaptionedCourseDto = z.infer<typeof uncaptionedCourseDtoSchema>;

/** `GET /api/accessibility` (public): the statement, the agency's parts and what the product knows. */
export const accessibilityStatementDtoSchema = z
  .object({
    brandName: z.string(),
    publicUrl: z.string(),
    settings: accessibilitySettingsDtoSchema,
    /** The address the statement gives: the accessibility contact, or the support address. */
    contactEmail: z.string(),
    /** Modules (each a video) across the catalogue, and how many have at least one caption track. */
    totalModules: z.number(),
    captionedModules: z.number(),
    /** Courses with modules still without captions, in catalogue order. */
    uncaptioned: z.array(uncaptionedCourseDtoSchema),
  })
  .meta({ id: 'AccessibilityStatementDto' });
export type AccessibilityStatementDto = z.infer<typeof accessibilityStatementDtoSchema>;

/** `GET`/`PUT /api/user/caption-preferences`: the signed-in person's caption choice on module pages. */
export const captionPreferencesDtoSchema = z
  .object({
    /** Captions drawn over the video (off until first chosen). */
    on: z.boolean(),
    /** The language last chosen; used when a module has a track in it. */
    lang: z.string().nullable(),
  })
  .meta({ id: 'CaptionPreferencesDto' });
export type CaptionPreferencesDto = z.infer<typeof captionPreferencesDtoSchema>;
