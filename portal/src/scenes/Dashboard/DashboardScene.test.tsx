import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardCourseDto, DashboardDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { DashboardScene } from './DashboardScene.tsx';

const card = (id: number, fields: Partial<DashboardCourseDto> = {}): DashboardCourseDto => ({
  id,
  title: `Course ${id}`,
  description: 'About school marketing.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 4,
  totalDuration: 1200,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  ...fields,
});

const noSchool = { school: null, role: null, courses: [], domains: [], can: { manage: false, buyForSchool: false }, api: null };
const school = {
  school: { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' },
  role: 'member',
  courses: [],
  domains: [],
  can: { manage: false, buyForSchool: false },
  api: null,
};

function setup(dashboard: DashboardDto, mine: object = noSchool, extra = {}) {
  return mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/dashboard': ok(dashboard),
    'GET /api/schools/mine': ok(mine),
    'GET /api/trusts/mine': ok({ trust: null }),
    ...extra,
  });
}

const zeros = { overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 };
const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('DashboardScene: a first visit', () => {
  it('greets a newcomer as new, keeps the overall progress and the three tiles, and says how staff get access', async () => {
    setup({ courses: [card(1), card(2)], stats: zeros });
    renderScene(<DashboardScene />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya!' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    // SPEC §2: the figures are always there; the first-visit guidance goes around them.
    const tiles = screen.getByRole('list', { name: 'Your learning in numbers' });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['Enrolled Courses0', 'Modules Completed0', 'Watch Time0 h hours watched']);
    expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toBeInTheDocument();
    expect(screen.getByText(/overall progress/)).toHaveTextContent('0% overall progress');
    const help = await screen.findByRole('region', { name: 'Is your school signed up?' });
    expect(help).toHaveTextContent('Use the link your school sent you');
    expect(within(help).getByRole('link', { name: /My school/ })).toHaveAttribute('href', '/school');
  });

  it('does not send a member of a school to sign up, and shows their own courses first', async () => {
    setup({ courses: [card(1), card(2), card(3, { isEnrolled: true })], stats: { ...zeros, enrolledCourses: 1 } }, school);
    renderScene(<DashboardScene />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya!' })).toBeInTheDocument();
    expect(screen.getByText(/Your courses are ready below/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your learning in numbers' })).getByText('Enrolled Courses').nextSibling).toHaveTextContent('1');
    expect(titles()).toEqual(['Course 3', 'Course 1', 'Course 2']);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Is your school signed up?' })).not.toBeInTheDocument());
  });
});

describe('DashboardScene: a trust’s manager (issue 53)', () => {
  const trust = { 'GET /api/trusts/mine': ok({ trust: { id: 7, name: 'Riverside Learning Trust', courseIds: [], api: '/api/trusts/7' } }) };

  it('is shown the way to their trust, not asked whether their school is signed up', async () => {
    setup({ courses: [card(1)], stats: zeros }, noSchool, trust);
    renderScene(<DashboardScene />);
    const card7 = await screen.findByRole('region', { name: 'Riverside Learning Trust' });
    expect(within(card7).getByRole('link', { name: /My trust/ })).toHaveAttribute('href', '/trust');
    expect(screen.queryByRole('region', { name: 'Is your school signed up?' })).not.toBeInTheDocument();
  });

  it('keeps the way to their trust once they have courses of their own', async () => {
    setup({ courses: [card(1, { isEnrolled: true })], stats: { ...zeros, enrolledCourses: 1 } }, school, trust);
    renderScene(<DashboardScene />);
    expect(within(await screen.findByRole('region', { name: 'Riverside Learning Trust' })).getByRole('link', { name: /My trust/ })).toBeInTheDocument();
  });
});

describe('DashboardScene: coming back', () => {
  it('welcomes back with the figures, and a finished course links to its certificate', async () => {
    setup(
      {
        courses: [
          card(1),
          card(2, { isEnrolled: true, completedModules: 4, progressPercentage: 100 }),
          card(3, { isEnrolled: true, completedModules: 1, progressPercentage: 25 }),
        ],
        stats: { overallProgress: 63, enrolledCourses: 2, completedModules: 5, totalWatchTime: 1.2 },
      },
      noSchool,
      {
        'GET /api/certificates': ok([
          { id: 1, courseId: 2, courseName: 'Course 2', completionPercentage: 100, completedAt: '2026-01-01T00:00:00.000Z', certificateNumber: 'ATR-2' },
        ]),
      },
    );
    renderScene(<DashboardScene />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your learning in numbers' })).toBeInTheDocument();
    // 4 of 4 and 1 of 4 modules: 5 of 8. The tooltip says how the percent is worked out.
    const overall = screen.getByTitle('Modules completed ÷ modules in your courses: 5 of 8');
    expect(overall).toHaveTextContent('63% overall progress');
    expect(titles()).toEqual(['Course 2', 'Course 3', 'Course 1']);
    const finished = screen.getByRole('article', { name: 'Course 2' });
    await waitFor(() => expect(within(finished).getByRole('link', { name: /View Certificate/ })).toHaveAttribute('href', '/certificate/ATR-2'));
    expect(within(screen.getByRole('article', { name: 'Course 3' })).queryByRole('link', { name: /View Certificate/ })).not.toBeInTheDocument();
    // Enrolled in courses: the sign-up help is not for them.
    expect(screen.queryByRole('region', { name: 'Is your school signed up?' })).not.toBeInTheDocument();
  });
});

describe('DashboardScene: when it cannot load', () => {
  it('says so in words, not as raw JSON, with Try again', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/dashboard': fail(500, 'Something went wrong') });
    renderScene(<DashboardScene />);
    expect(await screen.findByRole('heading', { name: 'Your dashboard could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText(/\{"message"/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('DashboardScene: a course with a knowledge check and an assignment (issue 53)', () => {
  it('the percent and the count describe the same thing: steps, never "86 %" beside "5 of 5 modules"', async () => {
    setup(
      {
        courses: [card(7, { isEnrolled: true, totalModules: 5, totalSteps: 7, completedModules: 5, completedSteps: 6, progressPercentage: 86 })],
        stats: { overallProgress: 86, enrolledCourses: 1, completedModules: 5, totalWatchTime: 1 },
      },
      noSchool,
      { 'GET /api/certificates': ok([]) },
    );
    renderScene(<DashboardScene />);
    await screen.findByRole('heading', { level: 1 });
    const overall = screen.getByTitle('Steps completed ÷ steps in your courses (modules, knowledge checks and assignments): 6 of 7');
    expect(overall).toHaveTextContent('86% overall progress');
    const course = screen.getByRole('article', { name: 'Course 7' });
    expect(within(course).getByText('6/7 steps completed')).toBeInTheDocument();
    expect(screen.queryByText(/5 of 5|5\/5 modules/)).not.toBeInTheDocument();
  });
});
