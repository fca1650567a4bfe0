import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseWatchingDto, EnrollmentDto, StudentDetailDto } from '@atrium/common';
import { admin, fail, learner, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AdminStudentScene } from './AdminStudentScene.tsx';

const student: StudentDetailDto = { ...learner, id: 42, enrollmentCount: 1, stats: { totalEnrollments: 1, completedModules: 2, averageProgress: 67 } };
const enrollment: EnrollmentDto = {
  id: 5,
  userId: 42,
  courseId: 11,
  courseTitle: 'Safeguarding Basics',
  enrolledAt: '2025-09-01T10:00:00.000Z',
  totalModules: 3,
  completedModules: 2,
  progressPercentage: 67,
};
const watching: CourseWatchingDto = {
  courseId: 11,
  playedSeconds: 690,
  durationSeconds: 1800,
  completedWithoutPlaying: 1,
  modules: [
    { moduleId: 1, title: 'Spotting the signs', durationSeconds: 600, playedSeconds: 120, isCompleted: true, completedWithoutPlaying: true },
    { moduleId: 2, title: 'Reporting a concern', durationSeconds: 600, playedSeconds: 570, isCompleted: true, completedWithoutPlaying: false },
    { moduleId: 3, title: 'Keeping records', durationSeconds: 600, playedSeconds: 0, isCompleted: false, completedWithoutPlaying: false },
  ],
};
const api = (answer: ReturnType<typeof ok>, enrollments: EnrollmentDto[] = [enrollment]) =>
  mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses': ok([]),
    'GET /api/admin/students/42': ok(student),
    'GET /api/admin/students/42/enrollments': ok(enrollments),
    'GET /api/admin/students/42/watching': answer,
    'GET /api/admin/certificates': ok([]),
  });
const renderPage = () => renderScene(<AdminStudentScene />, { route: '/admin/students/42', path: '/admin/students/:studentId' });

describe('admin student page: what was played', () => {
  it('per course and, unfolded, per module: a module marked complete without playing says so', async () => {
    api(ok([watching]));
    renderPage();
    const courses = await screen.findByRole('list', { name: 'Enrolled courses' });
    expect(await within(courses).findByText('watched 11 of 30 min')).toBeInTheDocument();
    expect(within(courses).getByText(/1 module completed without playing/)).toBeInTheDocument();
    await userEvent.click(within(courses).getByText(/Modules of Safeguarding Basics: what was played \(3\)/));
    const modules = within(courses)
      .getAllByRole('listitem')
      .filter((item) => item.closest('details'));
    expect(modules.map((item) => item.textContent)).toEqual([
      'Spotting the signswatched 2 of 10 min Marked complete, not played',
      'Reporting a concernwatched 9 of 10 min Completed',
      'Keeping recordswatched 0 of 10 min Not completed',
    ]);
    expect(screen.getByText(/marked complete with less than 90% of its video played/)).toBeInTheDocument();
  });

  it('says so when what was played cannot be loaded, and keeps the enrollments', async () => {
    api(fail(500, 'Database unavailable'));
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Safeguarding Basics')).toBeInTheDocument();
  });
});

describe('admin student page: the final quiz (issue 36)', () => {
  it('shows the best score against the pass mark for a course with a quiz, and nothing for a course without one', async () => {
    api(ok([watching]), [
      { ...enrollment, finalQuiz: { bestScore: 75, passed: false, passMark: 80 } },
      { ...enrollment, id: 6, courseId: 12, courseTitle: 'Fire Safety', finalQuiz: { bestScore: 100, passed: true, passMark: 80 } },
      { ...enrollment, id: 7, courseId: 13, courseTitle: 'First Aid' },
    ]);
    renderPage();
    const courses = await screen.findByRole('list', { name: 'Enrolled courses' });
    const rows = within(courses)
      .getAllByRole('listitem')
      .filter((item) => !item.closest('details'));
    expect(rows[0]).toHaveTextContent('Final quiz: best score 75% Not passed (pass mark 80%)');
    expect(rows[1]).toHaveTextContent('Final quiz: best score 100% Passed');
    expect(rows[2]).not.toHaveTextContent(/quiz/i);
  });
});
