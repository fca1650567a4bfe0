import { describe, expect, it } from 'vitest';
import type { DashboardDto } from '@atrium/common';
import { NOT_ENROLLED, presentCourseSummary, presentEnrolledProgress, type CourseProgressTotals, type CourseWithTotals } from './courses.ts';
import { presentDashboardJson, serialiseDashboardCards } from './dashboard.ts';

const course = (id: number, title: string): CourseWithTotals => ({
  id,
  title,
  description: `About ${title}`,
  price: id % 2 ? 49900 : 0,
  thumbnail: id % 3 ? `/images/${id}.jpg` : null,
  salesVideoId: null,
  totalModules: 4,
  totalDuration: 2400,
});

/** The answer built as an object and serialised whole: what the spliced bytes must equal. */
function expected(courses: CourseWithTotals[], enrolled: CourseProgressTotals[]): DashboardDto {
  const byCourse = new Map(enrolled.map((totals) => [totals.courseId, totals]));
  const cards = courses.map((entry) => {
    const totals = byCourse.get(entry.id);
    return { ...presentCourseSummary(entry), ...(totals ? presentEnrolledProgress(totals, 4) : NOT_ENROLLED) };
  });
  const mine = cards.filter((card) => card.isEnrolled);
  const watched = enrolled.reduce((sum, totals) => sum + totals.watchedSeconds, 0);
  return {
    courses: cards,
    stats: {
      overallProgress: mine.length ? Math.round(mine.reduce((sum, card) => sum + card.progressPercentage, 0) / mine.length) : 0,
      enrolledCourses: mine.length,
      completedModules: mine.reduce((sum, card) => sum + card.completedModules, 0),
      totalWatchTime: Math.round(watched / 360) / 10,
    },
  };
}

describe('presentDashboardJson', () => {
  // Multi-byte titles: the splice works on byte offsets, not string indexes.
  const courses = [course(1, 'Photographie – l’école'), course(2, 'Vidéo 🎬 for schools'), course(3, 'Podcasts "quoted"'), course(4, 'Plain')];
  const cards = serialiseDashboardCards(courses);

  it('splices enrolled cards into the pre-serialised catalogue, byte for byte what serialising the whole answer gives', () => {
    const enrolled: CourseProgressTotals[] = [
      { courseId: 4, completedModules: 1, watchedSeconds: 900, lastWatchedModule: { id: 40, title: 'Écrire ✍' } },
      { courseId: 2, completedModules: 4, watchedSeconds: 2400, lastWatchedModule: { id: 20, title: 'Last' } },
      { courseId: 1, completedModules: 0, watchedSeconds: 0, lastWatchedModule: null },
    ];
    const bytes = presentDashboardJson(cards, enrolled);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(expected(courses, enrolled)));
  });

  it('answers the catalogue alone, with zero stats, to a learner with no enrollments', () => {
    expect(presentDashboardJson(cards, []).toString('utf8')).toBe(JSON.stringify(expected(courses, [])));
  });

  it('leaves out an enrollment whose course is no longer in the catalogue', () => {
    const gone: CourseProgressTotals = { courseId: 99, completedModules: 3, watchedSeconds: 3600, lastWatchedModule: null };
    const present: CourseProgressTotals = { courseId: 3, completedModules: 2, watchedSeconds: 600, lastWatchedModule: null };
    expect(presentDashboardJson(cards, [gone, present]).toString('utf8')).toBe(JSON.stringify(expected(courses, [present])));
  });
});

describe('presentEnrolledProgress', () => {
  it('never says more than every module, even when rows outnumber the catalogue’s modules', () => {
    expect(presentEnrolledProgress({ completedModules: 5, lastWatchedModule: null }, 4)).toMatchObject({ completedModules: 4, progressPercentage: 100 });
    expect(presentEnrolledProgress({ completedModules: 1, lastWatchedModule: null }, 4)).toMatchObject({ completedModules: 1, progressPercentage: 25 });
  });
});
