import type { DashboardCourseDto, DashboardStatsDto } from '@atrium/common';
import type { EnrolledCourseFigures } from '../db/database.ts';
import type { Catalogue } from '../services/catalogue.ts';
import { presentEnrolledProgress } from './courses.ts';

/**
 * GET /api/dashboard: every course of the catalogue as a card, the learner's progress on those
 * they are enrolled in, and stats over those. The answer is JSON.stringify of a DashboardDto (the
 * test checks that for every fixture), except that the cards of courses the learner is not
 * enrolled in, most of the answer, are not serialised again: the catalogue keeps each one's JSON
 * bytes, which are copied into the answer.
 */
const COURSES_OPEN = Buffer.from('{"courses":[');
const COMMA = Buffer.from(',');
const STATS_OPEN = Buffer.from('],"stats":');

/** The answer's bytes: the cached cards copied as they are, the learner's own serialised now. */
export function presentDashboardJson(catalogue: Catalogue, figures: readonly EnrolledCourseFigures[]): Buffer {
  const cards = enrolledCards(catalogue, figures);
  const parts: Buffer[] = [COURSES_OPEN];
  for (const entry of catalogue.courses.values()) {
    if (parts.length > 1) parts.push(COMMA);
    const card = cards.size ? cards.get(entry.summary.id) : undefined;
    parts.push(card ? Buffer.from(JSON.stringify(card)) : entry.notEnrolledCard);
  }
  parts.push(STATS_OPEN, Buffer.from(`${JSON.stringify(stats(cards, figures))}}`));
  return Buffer.concat(parts);
}

/** The enrolled courses' cards by course id; a course deleted since the catalogue was loaded has none. */
function enrolledCards(catalogue: Catalogue, figures: readonly EnrolledCourseFigures[]): Map<number, DashboardCourseDto> {
  const cards = new Map<number, DashboardCourseDto>();
  for (const course of figures) {
    const entry = catalogue.courses.get(course.courseId);
    if (!entry) continue;
    const module = course.lastModuleId === null ? undefined : catalogue.modules.get(course.lastModuleId);
    const progress = presentEnrolledProgress(
      { completedModules: course.completedModules, lastWatchedModule: module ? { id: module.id, title: module.title } : null },
      entry.summary.totalModules,
    );
    cards.set(course.courseId, { ...entry.summary, ...progress });
  }
  return cards;
}

function stats(cards: Map<number, DashboardCourseDto>, figures: readonly EnrolledCourseFigures[]): DashboardStatsDto {
  let percentages = 0;
  let completedModules = 0;
  for (const card of cards.values()) {
    percentages += card.progressPercentage;
    completedModules += card.completedModules;
  }
  const watchedSeconds = figures.reduce((sum, course) => sum + (cards.has(course.courseId) ? course.watchedSeconds : 0), 0);
  return {
    overallProgress: cards.size ? Math.round(percentages / cards.size) : 0,
    enrolledCourses: cards.size,
    completedModules,
    totalWatchTime: Math.round(watchedSeconds / 360) / 10,
  };
}
