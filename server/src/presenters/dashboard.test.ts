import { describe, expect, it } from 'vitest';
import type { DashboardDto } from '@atrium/common';
import type { EnrolledCourseFigures } from '../db/database.ts';
import type { Course } from '../models/Course.ts';
import type { Module } from '../models/Module.ts';
import { buildCatalogue } from '../services/catalogue.ts';
import { NOT_ENROLLED, presentCourseSummary, presentEnrolledProgress } from './courses.ts';
import { presentDashboardJson } from './dashboard.ts';

const course = (id: number, title: string) =>
  ({ id, title, description: `About ${title}`, price: id % 2 ? 49900 : 0, thumbnail: id % 3 ? `/images/${id}.jpg` : null, salesVideoId: null }) as Course;
const modulesOf = (courseId: number, titles: string[]) =>
  titles.map((title, index) => ({ id: courseId * 10 + index, courseId, title, duration: 600, orderIndex: index + 1 }) as Module);

// Multi-byte and quoted titles: what the cached JSON must carry through unchanged.
const courses = [course(1, 'Photographie – l’école'), course(2, 'Vidéo 🎬 for schools'), course(3, 'Podcasts "quoted"'), course(4, 'Plain')];
const modules = [
  ...modulesOf(1, ['a', 'b', 'c', 'd']),
  ...modulesOf(2, ['Last', 'x', 'y', 'z']),
  ...modulesOf(3, ['p', 'q', 'r', 's']),
  ...modulesOf(4, ['Écrire ✍', 'e', 'f', 'g']),
];
const catalogue = buildCatalogue(courses, modules);

/** The answer built as a typed DashboardDto and serialised whole: what the cached cards must add up to. */
function expected(enrolled: EnrolledCourseFigures[]): DashboardDto {
  const byCourse = new Map(enrolled.map((figures) => [figures.courseId, figures]));
  const cards = courses.map((entry) => {
    const figures = byCourse.get(entry.id);
    const summary = presentCourseSummary({ ...entry, totalModules: 4, totalDuration: 2400 });
    if (!figures) return { ...summary, ...NOT_ENROLLED };
    const module = modules.find((candidate) => candidate.id === figures.lastModuleId);
    return {
      ...summary,
      ...presentEnrolledProgress({ completedModules: figures.completedModules, lastWatchedModule: module ? { id: module.id, title: module.title } : null }, 4),
    };
  });
  const mine = cards.filter((card) => card.isEnrolled);
  const watched = enrolled.filter((figures) => byCourse.has(figures.courseId)).reduce((sum, figures) => sum + figures.watchedSeconds, 0);
  return {
    courses: cards,
    stats: {
      // Modules completed ÷ modules in the enrolled courses (each has 4 here).
      overallProgress: mine.length ? Math.round((mine.reduce((sum, card) => sum + card.completedModules, 0) / (mine.length * 4)) * 100) : 0,
      enrolledCourses: mine.length,
      completedModules: mine.reduce((sum, card) => sum + card.completedModules, 0),
      totalWatchTime: Math.round(watched / 360) / 10,
    },
  };
}

describe('presentDashboardJson', () => {
  it('answers exactly what serialising the typed DashboardDto gives', () => {
    const enrolled: EnrolledCourseFigures[] = [
      { courseId: 4, completedModules: 1, watchedSeconds: 900, lastModuleId: 40 },
      { courseId: 2, completedModules: 4, watchedSeconds: 2400, lastModuleId: 20 },
      { courseId: 1, completedModules: 0, watchedSeconds: 0, lastModuleId: null },
    ];
    expect(presentDashboardJson(catalogue, enrolled).toString('utf8')).toBe(JSON.stringify(expected(enrolled)));
  });

  it('answers the catalogue alone, with zero stats, to a learner with no enrollments', () => {
    expect(presentDashboardJson(catalogue, []).toString('utf8')).toBe(JSON.stringify(expected([])));
  });

  it('leaves out an enrollment whose course is no longer in the catalogue, and a last module that is gone', () => {
    const gone: EnrolledCourseFigures = { courseId: 99, completedModules: 3, watchedSeconds: 3600, lastModuleId: null };
    const present: EnrolledCourseFigures = { courseId: 3, completedModules: 2, watchedSeconds: 600, lastModuleId: 999 };
    const answer = presentDashboardJson(catalogue, [gone, present]).toString('utf8');
    expect(answer).toBe(JSON.stringify(expected([present])));
    expect((JSON.parse(answer) as DashboardDto).courses[2]!.lastWatchedModule).toBeNull();
  });
});

describe('overall progress', () => {
  // A one-module course and a nine-module course: a mean of percentages would weigh them alike.
  const uneven = buildCatalogue(
    [course(1, 'Short'), course(2, 'Long')],
    [...modulesOf(1, ['only']), ...modulesOf(2, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])],
  );
  const overall = (enrolled: EnrolledCourseFigures[]) =>
    (JSON.parse(presentDashboardJson(uneven, enrolled).toString('utf8')) as DashboardDto).stats.overallProgress;
  const figures = (courseId: number, completedModules: number): EnrolledCourseFigures => ({
    courseId,
    completedModules,
    watchedSeconds: 0,
    lastModuleId: null,
  });

  it('is modules completed ÷ modules enrolled, as a person reads it', () => {
    // 1 of 1 and 2 of 9: 3 of 10 modules is 30 % (the mean of 100 % and 22 % would say 61 %).
    expect(overall([figures(1, 1), figures(2, 2)])).toBe(30);
    // 0 of 1 and 5 of 9: 5 of 10 is 50 % (the mean of 0 % and 56 % would say 28 %).
    expect(overall([figures(1, 0), figures(2, 5)])).toBe(50);
    expect(overall([])).toBe(0);
  });
});

describe('presentEnrolledProgress', () => {
  it('never says more than every module, even when rows outnumber the catalogue’s modules', () => {
    expect(presentEnrolledProgress({ completedModules: 5, lastWatchedModule: null }, 4)).toMatchObject({ completedModules: 4, progressPercentage: 100 });
    expect(presentEnrolledProgress({ completedModules: 1, lastWatchedModule: null }, 4)).toMatchObject({ completedModules: 1, progressPercentage: 25 });
  });
});
