import type { CourseProgressFields, DashboardStatsDto } from '@atrium/common';
import { NOT_ENROLLED, presentCourseSummary, presentEnrolledProgress, type CourseProgressTotals, type CourseWithTotals } from './courses.ts';

/**
 * GET /api/dashboard answers every course of the catalogue (100 cards, ~37 KB) although a learner
 * is enrolled in a handful; building that object and serialising it was most of the request's
 * CPU time. So the answer is spliced: every card, as a learner who is not enrolled sees it, is
 * serialised once per catalogue load (services/catalogue.ts keeps the result with the catalogue,
 * so a course edit drops both), and a request serialises only its enrolled cards and the stats.
 *
 * The bytes are exactly JSON.stringify of the DashboardDto (common/src/api/courses.ts): the same
 * cards in the same order, each with the summary fields and then the progress fields.
 */
export interface DashboardCards {
  /** `{"courses":[` + every card as a learner who is not enrolled sees it + `],"stats":` */
  bytes: Buffer;
  /** Per course id: its card's byte range in `bytes`, and its summary fields ready for progress fields. */
  cards: Map<number, { start: number; end: number; summaryOpen: string; totalModules: number }>;
}

const COURSES_OPEN = '{"courses":[';
const STATS_OPEN = '],"stats":';

/** `{"a":1` + `{"b":2}` → `{"a":1,"b":2}`: the summary's keys, then the progress fields'. */
const card = (summaryOpen: string, fields: CourseProgressFields): string => `${summaryOpen},${JSON.stringify(fields).slice(1)}`;

/** The catalogue part of the dashboard, serialised once; courses in display order (by id). */
export function serialiseDashboardCards(courses: CourseWithTotals[]): DashboardCards {
  const cards: DashboardCards['cards'] = new Map();
  const chunks: string[] = [COURSES_OPEN];
  let offset = Buffer.byteLength(COURSES_OPEN);
  courses.forEach((course, index) => {
    if (index > 0) {
      chunks.push(',');
      offset += 1;
    }
    const summary = presentCourseSummary(course);
    const summaryOpen = JSON.stringify(summary).slice(0, -1);
    const json = card(summaryOpen, NOT_ENROLLED);
    const length = Buffer.byteLength(json);
    cards.set(summary.id, { start: offset, end: offset + length, summaryOpen, totalModules: summary.totalModules });
    chunks.push(json);
    offset += length;
  });
  chunks.push(STATS_OPEN);
  return { bytes: Buffer.from(chunks.join('')), cards };
}

/**
 * The learner's dashboard as JSON bytes, from their progress on each course they are enrolled in
 * (routes/api/courses/queries.ts enrolledCourseProgress); the stats cover those courses.
 */
export function presentDashboardJson(catalogue: DashboardCards, enrolled: CourseProgressTotals[]): Buffer {
  const enrolledCards: Array<{ start: number; end: number; json: string }> = [];
  let percentages = 0;
  let completedModules = 0;
  let watchedSeconds = 0;
  for (const totals of enrolled) {
    // A course deleted since the catalogue was loaded has no card, and so no share of the stats.
    const entry = catalogue.cards.get(totals.courseId);
    if (!entry) continue;
    const progress = presentEnrolledProgress(totals, entry.totalModules);
    percentages += progress.progressPercentage;
    completedModules += progress.completedModules;
    watchedSeconds += totals.watchedSeconds;
    enrolledCards.push({ start: entry.start, end: entry.end, json: card(entry.summaryOpen, progress) });
  }
  const stats: DashboardStatsDto = {
    overallProgress: enrolledCards.length ? Math.round(percentages / enrolledCards.length) : 0,
    enrolledCourses: enrolledCards.length,
    completedModules,
    totalWatchTime: Math.round(watchedSeconds / 360) / 10,
  };

  enrolledCards.sort((a, b) => a.start - b.start);
  // One buffer of the answer's exact size: the catalogue's bytes copied around the enrolled
  // cards, which are written into it, rather than a buffer per piece and a concatenation.
  const statsJson = `${JSON.stringify(stats)}}`;
  let size = catalogue.bytes.length + Buffer.byteLength(statsJson);
  for (const enrolledCard of enrolledCards) {
    size += Buffer.byteLength(enrolledCard.json) - (enrolledCard.end - enrolledCard.start);
  }
  const answer = Buffer.allocUnsafe(size);
  let written = 0;
  let copiedUpTo = 0;
  for (const enrolledCard of enrolledCards) {
    written += catalogue.bytes.copy(answer, written, copiedUpTo, enrolledCard.start);
    written += answer.write(enrolledCard.json, written);
    copiedUpTo = enrolledCard.end;
  }
  written += catalogue.bytes.copy(answer, written, copiedUpTo);
  written += answer.write(statsJson, written);
  if (written !== size) throw new Error(`dashboard answer: wrote ${written} of ${size} bytes`);
  return answer;
}
