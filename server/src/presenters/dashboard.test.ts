import { describe, expect, it } from 'vitest';
import type { DashboardDto } from '@atrium/common';
import type { EnrolledCourseFigures } from '../db/database.ts';
import type { Course } from '../models/Course.ts';
import type { Module } from '../models/Module.ts';
import { buildCatalogue } from '../services/catalogue.ts';
import { presentEnrolledProgress } from './courses.ts';
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

/** The answer parsed; it must also be JSON exactly as JSON.stringify writes it (no stray bytes or escapes). */
function answer(enrolled: EnrolledCourseFigures[]): DashboardDto {
  const text = presentDashboardJson(catalogue, enrolled).toString('utf8');
  const parsed = JSON.parse(text) as DashboardDto;
  expect(JSON.stringify(parsed)).toBe(text);
  return parsed;
}

const progressOf = (dto: DashboardDto) =>
  dto.courses.map(({ id, isEnrolled, completedModules, progressPercentage, lastWatchedModule }) => ({
    id,
    isEnrolled,
    completedModules,
    progressPercentage,
    lastWatchedModule,
  }));
const notEnrolled = (id: number) => ({ id, isEnrolled: false, completedModules: 0, progressPercentage: 0, lastWatchedModule: null });

// The expectations are written out by hand: built from the presenter's own functions, a wrong
// percentage would agree with itself.
describe('presentDashboardJson', () => {
  it('answers every catalogue card with the learner’s own figures and the stats worked out', () => {
    const dto = answer([
      { courseId: 4, completedModules: 1, watchedSeconds: 900, passedQuizzes: 0, completedAssignments: 0, lastModuleId: 40 },
      { courseId: 2, completedModules: 4, watchedSeconds: 2400, passedQuizzes: 0, completedAssignments: 0, lastModuleId: 20 },
      { courseId: 1, completedModules: 0, watchedSeconds: 0, passedQuizzes: 0, completedAssignments: 0, lastModuleId: null },
    ]);
    expect(dto.courses.map((card) => [card.id, card.title, card.totalModules, card.totalDuration, card.price, card.thumbnail])).toEqual([
      [1, 'Photographie – l’école', 4, 2400, 49900, '/images/1.jpg'],
      [2, 'Vidéo 🎬 for schools', 4, 2400, 0, '/images/2.jpg'],
      [3, 'Podcasts "quoted"', 4, 2400, 49900, null],
      [4, 'Plain', 4, 2400, 0, '/images/4.jpg'],
    ]);
    expect(progressOf(dto)).toEqual([
      { id: 1, isEnrolled: true, completedModules: 0, progressPercentage: 0, lastWatchedModule: null },
      { id: 2, isEnrolled: true, completedModules: 4, progressPercentage: 100, lastWatchedModule: { id: 20, title: 'Last' } },
      notEnrolled(3),
      { id: 4, isEnrolled: true, completedModules: 1, progressPercentage: 25, lastWatchedModule: { id: 40, title: 'Écrire ✍' } },
    ]);
    // 5 of 12 modules is 41.7 %; 3,300 seconds is 0.92 hours, shown to one decimal.
    expect(dto.stats).toEqual({ overallProgress: 42, enrolledCourses: 3, completedModules: 5, totalWatchTime: 0.9 });
  });

  it('answers the catalogue alone, with zero stats, to a learner with no enrollments', () => {
    const dto = answer([]);
    expect(progressOf(dto)).toEqual([notEnrolled(1), notEnrolled(2), notEnrolled(3), notEnrolled(4)]);
    expect(dto.stats).toEqual({ overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 });
  });

  it('leaves out an enrollment whose course is no longer in the catalogue, and a last module that is gone', () => {
    const dto = answer([
      { courseId: 99, completedModules: 3, watchedSeconds: 3600, passedQuizzes: 0, completedAssignments: 0, lastModuleId: null },
      { courseId: 3, completedModules: 2, watchedSeconds: 600, passedQuizzes: 0, completedAssignments: 0, lastModuleId: 999 },
    ]);
    expect(progressOf(dto)).toEqual([
      notEnrolled(1),
      notEnrolled(2),
      { id: 3, isEnrolled: true, completedModules: 2, progressPercentage: 50, lastWatchedModule: null },
      notEnrolled(4),
    ]);
    // Only course 3 counts: 2 of 4 modules, 600 seconds (0.17 hours).
    expect(dto.stats).toEqual({ overallProgress: 50, enrolledCourses: 1, completedModules: 2, totalWatchTime: 0.2 });
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
    passedQuizzes: 0,
    completedAssignments: 0,
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
