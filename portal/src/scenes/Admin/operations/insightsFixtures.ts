import type { CourseInsightsDto, RetentionDto, WeeklyInsightsDto } from '@atrium/common';

// Three weeks of a small catalogue: what AdminInsightsView's stories draw and what
// AdminInsightsScene's tests answer from the mocked API (their figures and CSVs are these numbers).

export const courses = [
  { id: 1, title: 'Safeguarding' },
  { id: 2, title: 'First Aid' },
];

export const schools = [{ id: 4, name: 'Oak Academy' }];

export const weekly: WeeklyInsightsDto = {
  range: { from: '2026-01-05', to: '2026-01-25' },
  weeks: [
    { week: '2026-01-05', enrollments: 3, completions: 0, certificates: 0 },
    { week: '2026-01-12', enrollments: 5, completions: 2, certificates: 1 },
    { week: '2026-01-19', enrollments: 0, completions: 1, certificates: 1 },
  ],
  revenue: [
    { week: '2026-01-12', currency: 'GBP', amount: 49900 },
    { week: '2026-01-12', currency: 'USD', amount: 59900 },
    { week: '2026-01-19', currency: 'GBP', amount: 1050 },
  ],
};

export const courseInsights = (id: number, title: string): CourseInsightsDto => ({
  range: weekly.range,
  course: { id, title },
  funnel: { steps: 5, enrolled: 10, started: 8, halfWay: 6, completed: 1, certified: 1 },
  steps: [
    { kind: 'video', id: 11, title: 'Welcome', completed: 8, rate: 0.8 },
    { kind: 'video', id: 12, title: 'The hard part', completed: 3, rate: 0.3 },
    { kind: 'quiz', id: 5, title: 'Check your understanding', completed: 2, rate: 0.2 },
    { kind: 'video', id: 13, title: 'Wrapping up', completed: 3, rate: 0.3 },
    { kind: 'assignment', id: 7, title: 'Your school photos', completed: 1, rate: 0.1 },
  ],
});

export const retention: RetentionDto = {
  module: { id: 11, courseId: 1, title: 'Welcome', duration: 25 },
  viewers: 4,
  averagePosition: 12.5,
  buckets: [
    { startSecond: 0, viewers: 4, share: 1 },
    { startSecond: 10, viewers: 3, share: 0.75 },
    { startSecond: 20, viewers: 1, share: 0.25 },
  ],
};
