import { percentage, type CourseProgressFields, type Currency, type DashboardStatsDto } from '@atrium/common';
import type { EnrolledCourseFigures } from '../db/database.ts';
import type { Catalogue, CatalogueCourse } from '../services/catalogue.ts';
import { NOT_ENROLLED, presentCourseSummary, presentEnrolledProgress } from './courses.ts';

/**
 * GET /api/dashboard: every course of the catalogue as a card, the learner's progress on those
 * they are enrolled in, and stats over those, as JSON.stringify of the DashboardDto would write
 * it (the test checks that, byte for byte, for every fixture).
 *
 * A learner is enrolled in a handful of a hundred courses, so every card as a learner who is not
 * enrolled sees it is serialised once per catalogue load (cardsOf, kept beside the catalogue object
 * it was made from), and an answer copies those bytes around the learner's own cards: each is its
 * course's summary, serialised once too, followed by the progress fields serialised for this request.
 */
interface DashboardCards {
  /** Every not-enrolled card, comma-separated, in the catalogue's order. */
  bytes: Buffer;
  /** Per course id: its card's byte range in `bytes`, and its summary's JSON without the closing brace. */
  ranges: ReadonlyMap<number, { start: number; end: number; summaryOpen: string }>;
}

/** Per catalogue object: a reload makes a new object, so its cards are serialised again and the old ones collected with it. */
const cardsByCatalogue = new WeakMap<Catalogue, DashboardCards>();

function cardsOf(catalogue: Catalogue): DashboardCards {
  let cards = cardsByCatalogue.get(catalogue);
  if (!cards) cardsByCatalogue.set(catalogue, (cards = serialiseCards(catalogue.courses.values())));
  return cards;
}

function serialiseCards(courses: Iterable<CatalogueCourse>): DashboardCards {
  const ranges = new Map<number, { start: number; end: number; summaryOpen: string }>();
  const chunks: string[] = [];
  let offset = 0;
  for (const { totals: course } of courses) {
    if (chunks.length) {
      chunks.push(',');
      offset += 1;
    }
    const summaryOpen = JSON.stringify(presentCourseSummary(course)).slice(0, -1);
    const json = card(summaryOpen, NOT_ENROLLED);
    const length = Buffer.byteLength(json);
    ranges.set(Number(course.id), { start: offset, end: offset + length, summaryOpen });
    chunks.push(json);
    offset += length;
  }
  return { bytes: Buffer.from(chunks.join('')), ranges };
}

/** `{"a":1` + `{"b":2}` → `{"a":1,"b":2}`: the summary's keys, then the progress fields'. */
const card = (summaryOpen: string, fields: Readonly<CourseProgressFields>): string => `${summaryOpen},${JSON.stringify(fields).slice(1)}`;

const COURSES_OPEN = Buffer.from('{"courses":[');
const STATS_OPEN = Buffer.from('],"stats":');

/** With `currency`, the answer ends with the currency the learner is shown prices in (DashboardDto.currency). */
export function presentDashboardJson(catalogue: Catalogue, figures: readonly EnrolledCourseFigures[], currency?: Currency): Buffer {
  const { bytes, ranges } = cardsOf(catalogue);
  const mine: Array<{
    start: number;
    end: number;
    json: string;
    progress: CourseProgressFields;
    totalModules: number;
    totalSteps: number;
    watchedSeconds: number;
  }> = [];
  for (const course of figures) {
    // A course deleted since the catalogue was loaded has no card, and so no share of the stats.
    const range = ranges.get(course.courseId);
    const entry = catalogue.courses.get(course.courseId);
    if (!range || !entry) continue;
    const module = course.lastModuleId === null ? undefined : catalogue.modules.get(course.lastModuleId);
    const totalQuizzes = entry.quizzes.length;
    const totalAssignments = entry.assignments.length;
    const progress = presentEnrolledProgress(
      {
        completedModules: course.completedModules,
        passedQuizzes: course.passedQuizzes,
        completedAssignments: course.completedAssignments,
        lastWatchedModule: module ? { id: module.id, title: module.title } : null,
      },
      Number(entry.totals.totalModules),
      { totalQuizzes, totalAssignments },
    );
    mine.push({
      start: range.start,
      end: range.end,
      json: card(range.summaryOpen, progress),
      progress,
      totalModules: Number(entry.totals.totalModules),
      totalSteps: Number(entry.totals.totalModules) + totalQuizzes + totalAssignments,
      watchedSeconds: course.watchedSeconds,
    });
  }
  mine.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [COURSES_OPEN];
  let copiedUpTo = 0;
  for (const own of mine) {
    parts.push(bytes.subarray(copiedUpTo, own.start), Buffer.from(own.json));
    copiedUpTo = own.end;
  }
  parts.push(
    bytes.subarray(copiedUpTo),
    STATS_OPEN,
    Buffer.from(`${JSON.stringify(stats(mine))}${currency ? `,"currency":${JSON.stringify(currency)}` : ''}}`),
  );
  return Buffer.concat(parts);
}

/**
 * Overall progress is read as a person reads it: steps completed ÷ steps in the courses one is
 * enrolled in (3 of 10 is 30 %), not the mean of per-course percentages, which would weigh a
 * one-module course as much as a twenty-module one. A step is a module, or a knowledge check
 * once passed (issue 36); without quizzes these are the modules, as before.
 */
function stats(mine: ReadonlyArray<{ progress: CourseProgressFields; totalModules: number; totalSteps: number; watchedSeconds: number }>): DashboardStatsDto {
  let steps = 0;
  let completedSteps = 0;
  let completedModules = 0;
  let watchedSeconds = 0;
  for (const own of mine) {
    steps += own.totalSteps;
    completedSteps += own.progress.completedSteps ?? own.progress.completedModules;
    completedModules += own.progress.completedModules;
    watchedSeconds += own.watchedSeconds;
  }
  return {
    overallProgress: percentage(completedSteps, steps),
    enrolledCourses: mine.length,
    completedModules,
    totalWatchTime: Math.round(watchedSeconds / 360) / 10,
  };
}
