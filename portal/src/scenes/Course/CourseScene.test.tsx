import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDetailDto, ModuleDto } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { CourseScene } from './CourseScene.tsx';

const course: CourseDetailDto = {
  id: 5,
  title: 'Safeguarding Basics',
  description: 'What every member of staff needs to know.',
  price: 49900,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 1,
  totalDuration: 300,
  isEnrolled: true,
  completedModules: 0,
  progressPercentage: 0,
  lastWatchedModule: null,
  modules: [{ id: 1, courseId: 5, title: 'Module 1', description: '', duration: 300, orderIndex: 1, isCompleted: false }],
  steps: [{ kind: 'video', id: 1, title: 'Module 1', isCompleted: false, duration: 300 }],
  passMark: 80,
  quizRequired: false,
};
/** The course's steps when it has no quiz: its modules, in order. */
const videoSteps = (modules: ModuleDto[]): CourseDetailDto['steps'] =>
  modules.map((m) => ({ kind: 'video', id: m.id, title: m.title, isCompleted: m.isCompleted, duration: m.duration }));
const renderCourse = () => renderScene(<CourseScene />, { route: '/courses/5', path: '/courses/:id' });

describe('CourseScene: enrolling', () => {
  const notEnrolled = { ...course, isEnrolled: false, price: 0 };

  it('goes to checkout when the server answers payment_required', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(notEnrolled),
      'POST /api/enrollments': fail(402, 'This course must be purchased before you can enroll'),
    });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout/5'));
  });

  it('shows the server sentence for any other refusal and stays on the page', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(notEnrolled),
      'POST /api/enrollments': fail(404, 'Course not found'),
    });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    expect(await screen.findByText('Enrollment failed')).toBeInTheDocument();
    expect(screen.getByText('Course not found')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/5');
  });
});

describe('CourseScene: school access', () => {
  it('says which school gives access', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok({ ...course, schoolName: "St Mary's Primary" }) });
    renderCourse();
    expect(await screen.findByText("Access through St Mary's Primary")).toBeInTheDocument();
  });

  it('says nothing about schools for a personal enrollment', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok({ ...course, schoolName: null }) });
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Safeguarding Basics' })).toBeInTheDocument();
    expect(screen.queryByText(/Access through/)).not.toBeInTheDocument();
  });
});

describe('CourseScene: CPD value (issue 59)', () => {
  it('says the hours and CEUs and lists the standards it maps to', async () => {
    const withCpd = { ...course, cpdHours: 1.5, ceus: 0.15, cpdStandards: ["Teachers' Standards 8", 'ISTE 2.6'] };
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok(withCpd) });
    renderCourse();
    expect(await screen.findByText('1.5 CPD hours · 0.15 CEUs')).toBeInTheDocument();
    const standards = screen.getByRole('list', { name: 'Standards and frameworks' });
    expect([...standards.querySelectorAll('li')].map((li) => li.textContent)).toEqual(["Teachers' Standards 8", 'ISTE 2.6']);
  });
});

describe('CourseScene: a finished course', () => {
  const finished: CourseDetailDto = {
    ...course,
    completedModules: 1,
    progressPercentage: 100,
    modules: [{ ...course.modules[0]!, isCompleted: true }],
    steps: videoSteps([{ ...course.modules[0]!, isCompleted: true }]),
  };

  it('links to its certificate', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(finished),
      'GET /api/certificates': ok([
        { id: 3, courseId: 9, courseName: 'Other', completionPercentage: 100, completedAt: '2026-01-01T00:00:00.000Z', certificateNumber: 'OTHER-1' },
        { id: 4, courseId: 5, courseName: course.title, completionPercentage: 100, completedAt: '2026-01-02T00:00:00.000Z', certificateNumber: 'ATR-5-XYZ' },
      ]),
    });
    renderCourse();
    expect(await screen.findByText('100% Complete')).toBeInTheDocument();
    expect(screen.getByText('1 of 1 module completed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'View Certificate' })).toHaveAttribute('href', '/certificate/ATR-5-XYZ'));
  });

  it('falls back to the certificates page while its certificate is not listed', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok(finished), 'GET /api/certificates': ok([]) });
    renderCourse();
    expect(await screen.findByRole('link', { name: 'View Certificate' })).toHaveAttribute('href', '/certificates');
  });

  it('does not offer a certificate before the course is finished', async () => {
    const api = mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok(course) });
    renderCourse();
    expect(await screen.findByRole('link', { name: /Start Course/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Certificate' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/certificates')).toHaveLength(0);
  });
});

describe('CourseScene: renewing an expired certificate', () => {
  const finished: CourseDetailDto = {
    ...course,
    completedModules: 1,
    progressPercentage: 100,
    modules: [{ ...course.modules[0]!, isCompleted: true }],
    steps: videoSteps([{ ...course.modules[0]!, isCompleted: true }]),
  };
  const due = { courseId: 5, state: 'due', certificateNumber: 'ATR-OLD', expiresOn: '2026-03-01', expired: true, opensOn: '2026-01-30', round: 0 };

  it('says when the certificate expired and, once confirmed, restarts the course at module 1', async () => {
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(finished),
      'GET /api/certificates': ok([]),
      'GET /api/courses/5/renewal': ok(due),
      'POST /api/courses/5/renewal': ok({ ...due, state: 'renewing', round: 1 }),
    });
    renderCourse();
    expect(await screen.findByText('Your certificate expired on 1 March 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renew: retake the course' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/restarts from module 1/);
    expect(dialog).toHaveTextContent(/ATR-OLD\) stays/);
    expect(api.callsTo('POST', '/api/courses/5/renewal')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Retake the course' }));
    // The move to module 1 follows the renewal's answer: wait for it rather than read the address once.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/courses/5/modules/1'));
    expect(api.callsTo('POST', '/api/courses/5/renewal')).toHaveLength(1);
  });

  it('shows the server sentence when the renewal is refused', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(finished),
      'GET /api/certificates': ok([]),
      'GET /api/courses/5/renewal': ok(due),
      'POST /api/courses/5/renewal': fail(409, 'You are already retaking this course: complete its modules again for your new certificate'),
    });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Renew: retake the course' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retake the course' }));
    expect(await screen.findByText(/already retaking this course/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/5');
  });

  it('offers nothing while the certificate is current', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(finished),
      'GET /api/certificates': ok([]),
      'GET /api/courses/5/renewal': ok({ ...due, state: 'not_yet', expired: false, expiresOn: '2027-03-01' }),
    });
    renderCourse();
    expect(await screen.findByRole('link', { name: 'View Certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();
  });
});

describe('CourseScene: completion requires watching (issue 36)', () => {
  it('tells learners before they start, and says nothing on other courses', async () => {
    const notEnrolled = { ...course, isEnrolled: false, price: 0 };
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok({ ...notEnrolled, requiresWatching: true }) });
    const view = renderCourse();
    expect(await screen.findByRole('note')).toHaveTextContent('Completion requires watching. Each video must be played to at least 90%');
    view.unmount();

    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/courses/5': ok(notEnrolled) });
    renderCourse();
    expect(await screen.findByRole('heading', { level: 1, name: 'Safeguarding Basics' })).toBeInTheDocument();
    expect(screen.queryByText(/Completion requires watching/)).not.toBeInTheDocument();
  });
});

describe('CourseScene: captions', () => {
  const twoModules: CourseDetailDto = {
    ...course,
    isEnrolled: false,
    totalModules: 2,
    modules: [...course.modules, { id: 2, courseId: 5, title: 'Module 2', description: '', duration: 200, orderIndex: 2, isCompleted: false }],
    steps: videoSteps([...course.modules, { id: 2, courseId: 5, title: 'Module 2', description: '', duration: 200, orderIndex: 2, isCompleted: false }]),
  };

  it('lists which modules have captions and in which languages before buying', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(twoModules),
      'GET /api/courses/5/captions': ok({
        courseId: 5,
        modules: [
          {
            moduleId: 1,
            title: 'Module 1',
            languages: [
              { lang: 'en-GB', label: 'English' },
              { lang: 'cy', label: 'Cymraeg' },
            ],
          },
          { moduleId: 2, title: 'Module 2', languages: [] },
        ],
      }),
    });
    renderCourse();
    expect(await screen.findByText('Captions on 1 of 2 videos')).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Captions: English, Cymraeg');
    expect(screen.getByText('Cymraeg')).toHaveAttribute('lang', 'cy');
    expect(second).toHaveTextContent('No captions yet');
  });

  it('says nothing about captions when they cannot be read', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(twoModules),
      'GET /api/courses/5/captions': fail(500, 'Boom'),
    });
    renderCourse();
    await screen.findByRole('heading', { name: /Module 2$/ });
    await waitFor(() => expect(screen.queryByText(/captions/i)).not.toBeInTheDocument());
  });
});

describe('CourseScene: knowledge checks (issue 36)', () => {
  const modules = [
    { id: 1, courseId: 5, title: 'Module 1', description: '', duration: 300, orderIndex: 1, isCompleted: true },
    { id: 2, courseId: 5, title: 'Module 2', description: '', duration: 300, orderIndex: 2, isCompleted: true },
  ];
  const withQuiz: CourseDetailDto = {
    ...course,
    totalModules: 2,
    totalSteps: 3,
    completedModules: 2,
    completedSteps: 2,
    progressPercentage: 66,
    passMark: 80,
    quizRequired: true,
    modules,
    steps: [
      { kind: 'video', id: 1, title: 'Module 1', isCompleted: true, duration: 300 },
      { kind: 'video', id: 2, title: 'Module 2', isCompleted: true, duration: 300 },
      { kind: 'quiz', id: 40, title: 'Final check', isCompleted: false, questionCount: 3, bestScore: 33, requiredForCertificate: true },
    ],
  };

  it('lists the quiz among the modules with its best score, counts it as a step and asks for it before the certificate', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok(withQuiz),
      'GET /api/courses/5/captions': ok({ modules: [] }),
    });
    renderCourse();
    const quiz = await screen.findByRole('heading', { name: /Step 3 of 3, knowledge check: Final check/ });
    const row = quiz.closest('li')!;
    expect(row).toHaveTextContent('Knowledge check · 3 questions');
    expect(row).toHaveTextContent('Not passed yet · best score 33%');
    expect(row).toHaveTextContent('Pass it to get the certificate');
    expect(screen.getByRole('link', { name: 'Retake: Final check' })).toHaveAttribute('href', '/courses/5/quizzes/40');
    expect(screen.getByText('2 of 3 steps completed (2 modules and 1 knowledge check)')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Pass the final quiz to get your certificate' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the final quiz' })).toHaveAttribute('href', '/courses/5/quizzes/40');
    // Continue goes to the first step not done: the quiz.
    expect(screen.getByRole('link', { name: /Continue Learning/ })).toHaveAttribute('href', '/courses/5/quizzes/40');
  });

  it('lists an assignment among the steps with where the submission stands, and the certificate waits for it', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/courses/5': ok({
        ...withQuiz,
        quizRequired: false,
        totalSteps: 3,
        steps: [
          withQuiz.steps![0]!,
          { kind: 'assignment', id: 60, title: 'Three photos', isCompleted: false, status: 'submitted', approvalRequired: true },
          withQuiz.steps![1]!,
        ],
      }),
      'GET /api/courses/5/captions': ok({ modules: [] }),
    });
    renderCourse();
    const heading = await screen.findByRole('heading', { name: /Step 2 of [0-9], assignment: Three photos/ });
    const row = heading.closest('li')!;
    expect(row).toHaveTextContent('Assignment · reviewed by our team');
    expect(row).toHaveTextContent('Submitted · awaiting review');
    expect(screen.getByRole('link', { name: 'View: Three photos' })).toHaveAttribute('href', '/courses/5/assignments/60');
    expect(screen.getByText('2 of 3 steps completed (2 modules and 1 assignment)')).toBeInTheDocument();
    // Every video is done, but the assignment is not approved: no certificate yet.
    expect(screen.queryByRole('link', { name: /View Certificate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continue Learning/ })).toHaveAttribute('href', '/courses/5/assignments/60');
  });
});
