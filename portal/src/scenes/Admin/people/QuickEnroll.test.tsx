import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseSummaryDto, EnrollmentDto, StudentDto } from '@atrium/common';
import { admin, fail, learner, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { QuickEnroll } from './QuickEnroll.tsx';
import { enrollableCourses } from './enrollableCourses.ts';

const courseOf = (id: number, title: string): CourseSummaryDto => ({
  id,
  title,
  description: '',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 0,
});
const courses = [courseOf(1, 'Smartphone Photography'), courseOf(2, 'Creating Videos'), courseOf(3, 'School Podcast')];
const student: StudentDto = { ...learner, id: 42, enrollmentCount: 1 };
const enrollmentIn = (courseId: number): EnrollmentDto => ({
  id: 100 + courseId,
  userId: 42,
  courseId,
  courseTitle: courses[courseId - 1]!.title,
  enrolledAt: '2025-09-01T10:00:00.000Z',
  totalModules: 2,
  completedModules: 0,
  progressPercentage: 0,
});

const base = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses': ok(courses),
    'GET /api/admin/students': ok([student]),
    'GET /api/admin/students/42/enrollments': ok([enrollmentIn(2)]),
    ...extra,
  });

describe('enrollableCourses', () => {
  it('keeps only the courses the student is not enrolled in', () => {
    expect(enrollableCourses(courses, [{ courseId: 2 }]).map((course) => course.id)).toEqual([1, 3]);
    expect(enrollableCourses(courses, [])).toHaveLength(3);
    expect(enrollableCourses(courses, [{ courseId: 1 }, { courseId: 2 }, { courseId: 3 }])).toEqual([]);
  });
});

describe('Quick Enroll', () => {
  it('"No student selected" until a student is picked', async () => {
    const api = base();
    renderScene(<QuickEnroll />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Student' }));
    expect(await screen.findByText('No student selected')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/enroll')).toHaveLength(0);
  });

  it('searches on the server, then offers only the courses the student is not in, and enrolls by e-mail', async () => {
    const api = base({ 'POST /api/admin/enroll': ok({ alreadyEnrolled: false }) });
    renderScene(<QuickEnroll />);
    await userEvent.type(await screen.findByLabelText('Find a student'), 'priya');
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/admin/students')).toBe(true));
    const searched = await waitFor(() => {
      const found = api.fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('q=priya'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(searched).toMatch(/limit=8/);

    const results = screen.getByRole('list', { name: 'Matching students' });
    await userEvent.click(await within(results).findByRole('button', { name: /Priya Shah/ }));
    const select = screen.getByLabelText('Course');
    await waitFor(() => expect(select).toBeEnabled());
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Choose a course', 'Smartphone Photography', 'School Podcast']);

    await userEvent.selectOptions(select, 'School Podcast');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Student' }));
    expect(await screen.findByText('Student enrolled')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/enroll')[0]?.body).toEqual({ studentEmail: learner.email, courseId: 3 });
  });

  it('says "Enrollment failed" when the server refuses', async () => {
    base({ 'POST /api/admin/enroll': fail(500, 'boom'), 'GET /api/admin/students/42/enrollments': ok([]) });
    renderScene(<QuickEnroll />);
    await userEvent.click(await screen.findByRole('button', { name: /Priya Shah/ }));
    const select = screen.getByLabelText('Course');
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'Creating Videos');
    await userEvent.click(screen.getByRole('button', { name: 'Enroll Student' }));
    expect(await screen.findByText('Enrollment failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to enroll student')).toBeInTheDocument();
  });
});
