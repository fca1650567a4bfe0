import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto } from '@atrium/common';
import { useCourse } from '../../api/courses.ts';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CourseStepGate, type StepGateWords } from './CourseStepGate.tsx';

const course = { id: 5, title: 'Safeguarding Basics', modules: [] } as unknown as CourseDetailDto;
const words: StepGateWords = {
  loading: 'Loading drill',
  notFound: 'Drill not found',
  thisStep: 'This drill',
  enroll: 'Enroll to run this drill',
  plural: 'drills',
  failed: 'This drill could not be loaded',
};

/** A step page of a made-up kind: the gate is all it has before the step. */
function DrillScene() {
  const { courseId = '', drillId = '' } = useParams();
  const wellFormed = /^\d+$/.test(drillId);
  const drill = useQuery<{ id: number; courseId: number; title: string }>({ queryKey: [`/api/drills/${drillId}`], enabled: wellFormed });
  return (
    <CourseStepGate courseId={courseId} course={useCourse(courseId)} step={drill} wellFormed={wellFormed} words={words}>
      {(course, drill) => (
        <h1>
          {drill.title} in {course.title}
        </h1>
      )}
    </CourseStepGate>
  );
}

const session = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const renderAt = (route: string) => renderScene(<DrillScene />, { route, path: '/courses/:courseId/drills/:drillId' });

describe('CourseStepGate', () => {
  it('shows the step with its course once both are read', async () => {
    mockApi({ ...session, 'GET /api/courses/5': ok(course), 'GET /api/drills/7': ok({ id: 7, courseId: 5, title: 'Fire drill' }) });
    renderAt('/courses/5/drills/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire drill in Safeguarding Basics' })).toBeInTheDocument();
  });

  it('says “not found” for an id that is not a number without asking the server, for a 404, and for a step of another course', async () => {
    const api = mockApi({ ...session, 'GET /api/courses/5': ok(course), 'GET /api/drills/8': ok({ id: 8, courseId: 6, title: 'Elsewhere' }) });
    const first = renderAt('/courses/5/drills/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drill not found' })).toBeInTheDocument();
    expect(screen.getByText('This drill is not part of Safeguarding Basics. It may have been removed.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.startsWith('/api/drills'))).toBe(false);
    first.unmount();

    const second = renderAt('/courses/5/drills/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drill not found' })).toBeInTheDocument();
    second.unmount();

    renderAt('/courses/5/drills/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drill not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/courses/5');
  });

  it('asks to enroll when the step is refused (403)', async () => {
    mockApi({ ...session, 'GET /api/courses/5': ok(course), 'GET /api/drills/7': fail(403, 'Enroll first') });
    renderAt('/courses/5/drills/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enroll to run this drill' })).toBeInTheDocument();
    expect(screen.getByText('The drills of Safeguarding Basics open once you are enrolled.')).toBeInTheDocument();
  });

  it('shows the server’s sentence when the step fails, and Try again reads it again', async () => {
    let answers = 0;
    mockApi({
      ...session,
      'GET /api/courses/5': ok(course),
      'GET /api/drills/7': () => (++answers === 1 ? fail(503, 'The database is busy') : ok({ id: 7, courseId: 5, title: 'Fire drill' })),
    });
    renderAt('/courses/5/drills/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'This drill could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire drill in Safeguarding Basics' })).toBeInTheDocument();
  });

  it('says “Course not found” for a missing course, and a failed course load keeps the way back', async () => {
    mockApi({ ...session, 'GET /api/courses/5': fail(500, 'Something broke') });
    const first = renderAt('/courses/4/drills/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    first.unmount();

    renderAt('/courses/5/drills/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'This drill could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/courses/5');
  });
});
