import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetailDto, ModuleDto, ProgressDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { advanceUntil, renderScene } from '../../test/render.tsx';
import { ModuleScene } from './ModuleScene.tsx';
import { CERTIFICATES_DELAY_MS, NEXT_MODULE_DELAY_MS } from './useModuleCompletion.ts';

const moduleDto = (id: number, orderIndex: number, isCompleted = false, vimeoVideoId?: string): ModuleDto => ({
  id,
  courseId: 5,
  title: `Module title ${orderIndex}`,
  description: `About module ${orderIndex}`,
  duration: 125,
  orderIndex,
  isCompleted,
  ...(vimeoVideoId ? { vimeoVideoId } : {}),
});

function course(modules: ModuleDto[]): CourseDetailDto {
  return {
    id: 5,
    title: 'Safeguarding Basics',
    description: 'A course',
    price: 0,
    thumbnail: null,
    salesVideoId: null,
    totalModules: modules.length,
    totalDuration: 250,
    isEnrolled: true,
    completedModules: modules.filter((m) => m.isCompleted).length,
    progressPercentage: 0,
    lastWatchedModule: null,
    modules,
    steps: modules.map((m) => ({ kind: 'video' as const, id: m.id, title: m.title, isCompleted: m.isCompleted, duration: m.duration })),
    passMark: 80,
    quizRequired: false,
  };
}

const progress = (moduleId: number, extra: Partial<ProgressDto> = {}): ProgressDto => ({
  moduleId,
  courseId: 5,
  watchedDuration: 0,
  playedSeconds: 0,
  position: 0,
  isCompleted: false,
  courseCompleted: false,
  certificateNumber: null,
  ...extra,
});

function api(modules: ModuleDto[], saved: ProgressDto, options: { requiresWatching?: boolean; stored?: ProgressDto } = {}) {
  return mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/5': ok({ ...course(modules), ...(options.requiresWatching ? { requiresWatching: true } : {}) }),
    'GET /api/progress/11': ok(options.stored ?? progress(11)),
    'GET /api/progress/12': ok(progress(12)),
    'GET /api/modules/11/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
    'GET /api/modules/12/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
    'GET /api/modules/11/captions': ok([]),
    'GET /api/modules/12/captions': ok([]),
    'POST /api/progress': ok(saved),
  });
}

const location = () => screen.getByTestId('location').textContent;
const renderModule = (moduleId: number) =>
  renderScene(<ModuleScene />, { route: `/courses/5/modules/${moduleId}`, path: '/courses/:courseId/modules/:moduleId' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ModuleScene', () => {
  it('shows the module, its position, disabled Previous at the start and "Video not available" without a video id', async () => {
    api([moduleDto(11, 1), moduleDto(12, 2)], progress(11));
    renderModule(11);
    await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
    expect(screen.getAllByText('Module 1 of 2').length).toBeGreaterThan(0);
    expect(screen.getByText('Video not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/courses/5/modules/12');
    expect(screen.getByRole('link', { name: /Close and go back/ })).toHaveAttribute('href', '/courses/5');
    expect(screen.getByText('Join the discussion.')).toBeInTheDocument();
  });

  it('Mark as Complete saves the full duration, says "Module completed!" and moves on after 1.5 s', async () => {
    const calls = api([moduleDto(11, 1), moduleDto(12, 2)], progress(11, { isCompleted: true, watchedDuration: 125 }));
    renderModule(11);
    await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
    const courseReads = calls.callsTo('GET', '/api/courses/5').length;
    const clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: /Mark as Complete/ }));
    await advanceUntil(() => screen.queryByText('Module completed!', { exact: true }));
    // The completion moves the course's steps: the course on screen is read again (useCompleteModule).
    await advanceUntil(() => calls.callsTo('GET', '/api/courses/5').length > courseReads);
    expect(calls.callsTo('POST', '/api/progress')[0]?.body).toEqual({
      moduleId: 11,
      courseId: 5,
      watchedDuration: 125,
      // Nothing was played: Mark as Complete sends SPEC's full duration, not played seconds (issue 36).
      playedSeconds: 0,
      isCompleted: true,
      position: 0,
    });
    expect(screen.getByText('Module Completed')).toBeInTheDocument();
    expect(location()).toBe('/courses/5/modules/11');
    // Measured from the click on the fake clock: the save resolves after a few fake milliseconds
    // that depend on how busy the machine is, so only "not before 1.5 s" is exact.
    await advanceUntil(() => location() === '/courses/5/modules/12');
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(NEXT_MODULE_DELAY_MS);
    expect(Date.now() - clickedAt).toBeLessThan(NEXT_MODULE_DELAY_MS + 1000);
  });

  it('on the last module of a finished course says "Course completed!" and opens /certificates after 2 s', async () => {
    api([moduleDto(11, 1, true), moduleDto(12, 2)], progress(12, { isCompleted: true, courseCompleted: true, certificateNumber: 'ATR-1' }));
    renderModule(12);
    await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    const clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: /Mark as Complete/ }));
    await advanceUntil(() => screen.queryByText('Course completed!', { exact: true }));
    expect(screen.getByText(/Your certificate of completion is ready/)).toBeInTheDocument();
    expect(location()).toBe('/courses/5/modules/12');
    await advanceUntil(() => location() === '/certificates');
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(CERTIFICATES_DELAY_MS);
    expect(Date.now() - clickedAt).toBeLessThan(CERTIFICATES_DELAY_MS + 1000);
  });

  describe('on a course where completion requires watching (issue 36)', () => {
    it('offers no Mark as Complete before 90 % was played, and says how much is needed', async () => {
      api([moduleDto(11, 1, false, '76979871'), moduleDto(12, 2)], progress(11), { requiresWatching: true, stored: progress(11, { playedSeconds: 60 }) });
      renderModule(11);
      await advanceUntil(() => screen.queryByText(/you have watched 1 of 3 min/));
      expect(screen.getByText('Watch to complete')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Mark as Complete/ })).not.toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent('This course requires watching.');
      // 90 % of 125 s is 113 s (1 min); 60 s played of a 3-minute module, in whole minutes.
      expect(screen.getByRole('note')).toHaveTextContent('you have watched 1 of 3 min');
    });

    it('offers Mark as Complete once 90 % was played, sending the seconds played', async () => {
      // No player in this test (jsdom loads none): the 115 seconds were played on another device.
      const calls = api([moduleDto(11, 1), moduleDto(12, 2)], progress(11, { isCompleted: true, watchedDuration: 125, playedSeconds: 115 }), {
        requiresWatching: true,
        stored: progress(11, { playedSeconds: 115, watchedDuration: 115 }),
      });
      renderModule(11);
      await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
      expect(screen.queryByText('Watch to complete')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /Mark as Complete/ }));
      await advanceUntil(() => screen.queryByText('Module completed!', { exact: true }));
      expect(calls.callsTo('POST', '/api/progress')[0]?.body).toMatchObject({ watchedDuration: 125, playedSeconds: 115, isCompleted: true });
    });

    it('says why a module whose video cannot play cannot be completed', async () => {
      api([moduleDto(11, 1), moduleDto(12, 2)], progress(11), { requiresWatching: true });
      renderModule(11);
      await advanceUntil(() => screen.queryByText('Watch to complete'));
      expect(screen.getByText('Video not available')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Mark as Complete/ })).not.toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent('This module cannot be completed while the video cannot load.');
    });
  });

  it('shows "Module Completed" instead of the button for a completed module', async () => {
    api([moduleDto(11, 1, true), moduleDto(12, 2)], progress(11));
    renderModule(11);
    await advanceUntil(() => screen.queryByText('Module Completed'));
    expect(screen.queryByRole('button', { name: /Mark as Complete/ })).not.toBeInTheDocument();
  });

  it('shows "Loading module" with a way back while the course loads', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': () => new Promise(() => {}) });
    renderModule(11);
    await advanceUntil(() => screen.queryByText('Loading module'));
    expect(screen.getByRole('link', { name: 'Back to Course' })).toHaveAttribute('href', '/courses/5');
  });

  it('says "Course not found" for a missing course', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': fail(404, 'Course not found') });
    renderModule(11);
    await advanceUntil(() => screen.queryByText('Course not found'));
  });

  describe('with a knowledge check among the steps (issue 36)', () => {
    const withQuiz = (modules: ModuleDto[], quizDone = false) => ({
      ...course(modules),
      passMark: 80,
      quizRequired: true,
      steps: [
        ...modules.map((m) => ({ kind: 'video' as const, id: m.id, title: m.title, isCompleted: m.isCompleted, duration: m.duration })),
        { kind: 'quiz' as const, id: 40, title: 'Final check', isCompleted: quizDone, questionCount: 3, bestScore: null, requiredForCertificate: true },
      ],
    });

    it('counts the quiz as a step, "Step X of N" (never calling it a module), and leads to it with Next', async () => {
      mockApi({
        'GET /api/user': ok(learner),
        'GET /api/config': ok(publicConfig),
        'GET /api/courses/5': ok(withQuiz([moduleDto(11, 1), moduleDto(12, 2)])),
        'GET /api/progress/12': ok(progress(12)),
        'GET /api/modules/12/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
        'GET /api/modules/12/captions': ok([]),
      });
      renderModule(12);
      await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
      expect(screen.getAllByText('Step 2 of 3').length).toBeGreaterThan(0);
      expect(screen.queryByText('Module 2 of 3')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Next: Final check' })).toHaveAttribute('href', '/courses/5/quizzes/40');
      expect(screen.queryByRole('note', { name: /Pass the final quiz/ })).not.toBeInTheDocument();
    });

    it('once every module is done, says to pass the final quiz and takes the learner there', async () => {
      const modules = [moduleDto(11, 1, true), moduleDto(12, 2)];
      mockApi({
        'GET /api/user': ok(learner),
        'GET /api/config': ok(publicConfig),
        'GET /api/courses/5': ok(withQuiz(modules)),
        'GET /api/progress/12': ok(progress(12)),
        'GET /api/modules/12/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
        'GET /api/modules/12/captions': ok([]),
        'POST /api/progress': ok(progress(12, { isCompleted: true, watchedDuration: 125, quizPending: true })),
      });
      renderModule(12);
      await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
      fireEvent.click(screen.getByRole('button', { name: /Mark as Complete/ }));
      await advanceUntil(() => screen.queryByText('To get your certificate, pass the final knowledge check.'));
      await advanceUntil(() => location() === '/courses/5/quizzes/40');
    });

    it('the last module done with the quiz passed and the assignment sent: says the assignment is waiting for review (issue 53)', async () => {
      const modules = [moduleDto(11, 1, true), moduleDto(12, 2)];
      const detail = withQuiz(modules, true);
      mockApi({
        'GET /api/user': ok(learner),
        'GET /api/config': ok(publicConfig),
        'GET /api/courses/5': ok({
          ...detail,
          steps: [
            ...detail.steps,
            { kind: 'assignment' as const, id: 70, title: 'Your plan', isCompleted: false, status: 'submitted', approvalRequired: true },
          ],
        }),
        'GET /api/progress/12': ok(progress(12)),
        'GET /api/modules/12/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
        'GET /api/modules/12/captions': ok([]),
        'POST /api/progress': ok(progress(12, { isCompleted: true, watchedDuration: 125, assignmentsPending: true })),
      });
      renderModule(12);
      await advanceUntil(() => screen.queryByRole('button', { name: /Mark as Complete/ }));
      expect(screen.getAllByText('Step 2 of 4').length).toBeGreaterThan(0);
      fireEvent.click(screen.getByRole('button', { name: /Mark as Complete/ }));
      await advanceUntil(() => screen.queryByText('Your assignment is waiting for review: your certificate comes once it is approved.'));
      expect(screen.queryByText(/complete the assignment|remaining modules/i)).not.toBeInTheDocument();
    });

    it('shows the prompt on a module page while the required quiz is pending', async () => {
      const modules = [moduleDto(11, 1, true), moduleDto(12, 2, true)];
      mockApi({
        'GET /api/user': ok(learner),
        'GET /api/config': ok(publicConfig),
        'GET /api/courses/5': ok(withQuiz(modules)),
        'GET /api/progress/11': ok(progress(11, { isCompleted: true })),
        'GET /api/modules/11/discussion': ok({ threads: [], nextCursor: null, total: 0, viewer: { showSchool: false, school: null } }),
        'GET /api/modules/11/captions': ok([]),
      });
      renderModule(11);
      await advanceUntil(() => screen.queryByRole('note', { name: 'Pass the final quiz to get your certificate' }));
      expect(screen.getByRole('link', { name: 'Take the final quiz' })).toHaveAttribute('href', '/courses/5/quizzes/40');
    });
  });
});
