/**
 * The parts of the accessibility statement that are the agency's to say, as an admin edits them
 * (`PUT /api/admin/accessibility`). Null until said; `updatedAt` null until first saved.
 */
export interface AccessibilitySettingsDto {
  /** Where accessibility problems go; null = the support address. */
  contactEmail: string | null;
  contactPhone: string | null;
  /** Working days within which a report is answered. */
  responseDays: number;
  /** The day the statement was last reviewed (YYYY-MM-DD). */
  testedOn: string | null;
  /** Who carried out the last review (an organisation or team). */
  testedBy: string | null;
  /** The agency's own note on what is not yet accessible, shown as written. */
  knownIssues: string | null;
  updatedAt: string | null;
}

/** A course whose videos are not all captioned, with the modules still without captions. */
export interface UncaptionedCourseDto {
  courseId: number;
  title: string;
  modules: Array<{ moduleId: number; title: string }>;
}

/** `GET /api/accessibility` (public): the statement, the agency's parts and what the product knows. */
export interface AccessibilityStatementDto {
  brandName: string;
  publicUrl: string;
  settings: AccessibilitySettingsDto;
  /** The address the statement gives: the accessibility contact, or the support address. */
  contactEmail: string;
  /** Modules (each a video) across the catalogue, and how many have at least one caption track. */
  totalModules: number;
  captionedModules: number;
  /** Courses with modules still without captions, in catalogue order. */
  uncaptioned: UncaptionedCourseDto[];
}

/** `GET`/`PUT /api/user/caption-preferences`: the signed-in person's caption choice on module pages. */
export interface CaptionPreferencesDto {
  /** Captions drawn over the video (off until first chosen). */
  on: boolean;
  /** The language last chosen; used when a module has a track in it. */
  lang: string | null;
}
