import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto } from '@atrium/common';
import { fail, mockAdminApi, ok } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AdminCourseScene } from './AdminCourseScene.tsx';

const course: CourseDetailDto = {
  id: 3,
  title: 'School Podcast',
  description: 'Record and publish a podcast with pupils.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 1,
  totalDuration: 600,
  isEnrolled: false,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  modules: [{ id: 31, courseId: 3, title: 'Planning an episode', description: '', duration: 600, orderIndex: 1, isCompleted: false }],
  steps: [],
  passMark: 80,
  quizRequired: false,
};

const renderCourse = () => renderScene(<AdminCourseScene />, { route: '/admin/courses/3', path: '/admin/courses/:courseId' });

describe('AdminCourseScene', () => {
  it("says when the course could not be read, with the server's sentence, and Try again reads it again", async () => {
    let down = true;
    mockAdminApi({
      'GET /api/courses/3': () => (down ? fail(503, 'The server is busy: try again in a moment.') : ok(course)),
    });
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'The course could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The server is busy: try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Admin/ })).toHaveAttribute('href', '/admin');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'School Podcast' })).toBeInTheDocument();
    expect(screen.getByText('Planning an episode')).toBeInTheDocument();
  });

  it('moves a module with its arrow buttons, sends the new order and keeps focus on the module moved', async () => {
    const second = { ...course.modules[0]!, id: 32, title: 'Recording', orderIndex: 2 };
    let modules = [...course.modules, second];
    const api = mockAdminApi({
      // The server keeps the order it was sent.
      'GET /api/courses/3': () => ok({ ...course, totalModules: 2, modules }),
      'PUT /api/courses/3/modules/order': () => {
        modules = [
          { ...second, orderIndex: 1 },
          { ...course.modules[0]!, orderIndex: 2 },
        ];
        return ok(modules);
      },
    });
    renderCourse();
    expect(await screen.findByRole('button', { name: 'Move Planning an episode up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Recording down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Recording up' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/courses/3/modules/order')[0]?.body).toEqual({ moduleIds: [32, 31] }));
    // At the top now, its Move up is off: focus goes to its Move down.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Recording down' })).toHaveFocus());
  });

  it('says when the course does not exist', async () => {
    mockAdminApi({ 'GET /api/courses/3': fail(404, 'Course not found') });
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
  });
});
