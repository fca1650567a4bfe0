/**
 * What a course card shows at its top (SPEC §2 "Course card"), shared by the portal's dashboard
 * cards, the landing page's course grid and the course-grid widget. Pure functions, no React.
 */

/** The four courses the landing page has preview videos for, matched as lower-case substrings. */
export const KNOWN_COURSE_TITLES = [
  'smartphone photography',
  'creating videos for school marketing',
  'running a school podcast',
  'marketing photos without identifying children',
] as const;

export type CourseIcon = 'photo' | 'video' | 'podcast' | 'book';

export type CourseCardMedia = { kind: 'video'; videoId: string } | { kind: 'thumbnail'; src: string } | { kind: 'icon'; icon: CourseIcon };

export interface CourseMediaFields {
  title: string;
  salesVideoId?: string | null;
  thumbnail?: string | null;
}

/** True when the title contains one of the four known course titles (case-insensitive). */
export function isKnownCourseTitle(title: string): boolean {
  const lower = title.toLowerCase();
  return KNOWN_COURSE_TITLES.some((known) => lower.includes(known));
}

/** Icon by title keyword, checked in the order photo, video, podcast; otherwise a book. */
export function courseIcon(title: string): CourseIcon {
  const lower = title.toLowerCase();
  if (lower.includes('photo')) return 'photo';
  if (lower.includes('video')) return 'video';
  if (lower.includes('podcast')) return 'podcast';
  return 'book';
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Landing page and course-grid widget: a preview video only for one of the four known courses.
 * The video itself is the course's own `salesVideoId` (set by an admin); a known course without
 * one falls back to its icon rather than to a video that does not exist.
 */
export function landingCardMedia(course: CourseMediaFields): CourseCardMedia {
  if (isKnownCourseTitle(course.title) && present(course.salesVideoId)) {
    return { kind: 'video', videoId: course.salesVideoId.trim() };
  }
  return { kind: 'icon', icon: courseIcon(course.title) };
}

/** Dashboard cards: the preview video if there is one, else the thumbnail, else the icon. */
export function dashboardCardMedia(course: CourseMediaFields): CourseCardMedia {
  if (present(course.salesVideoId)) return { kind: 'video', videoId: course.salesVideoId.trim() };
  if (present(course.thumbnail)) return { kind: 'thumbnail', src: course.thumbnail.trim() };
  return { kind: 'icon', icon: courseIcon(course.title) };
}

/** The module count as a card shows it: "Multiple" when the list did not say. */
export function moduleCountLabel(totalModules: number | null | undefined): string {
  if (typeof totalModules !== 'number' || !Number.isFinite(totalModules)) return 'Multiple';
  return String(totalModules);
}

/** "7 modules", "1 module", "Multiple modules". */
export function modulesPhrase(totalModules: number | null | undefined): string {
  const label = moduleCountLabel(totalModules);
  return `${label} ${label === '1' ? 'module' : 'modules'}`;
}

/** Enrolled card button (SPEC §2): "Start Course" at 0 %, otherwise "Continue Learning". */
export function enrolledCourseAction(progressPercentage: number): 'Start Course' | 'Continue Learning' {
  return progressPercentage > 0 ? 'Continue Learning' : 'Start Course';
}
