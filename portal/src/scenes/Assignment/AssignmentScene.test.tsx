import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetailDto } from '@atrium/common';
import type { AssignmentDto, SubmissionDto } from '../../api/assignmentTypes.ts';
import { DEFAULT_LIMITS } from '../../api/assignmentTypes.ts';
import type { CourseStepDto } from '../../components/courseSteps.ts';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { AssignmentScene } from './AssignmentScene.tsx';
import { forgetPausedUploads } from './useUploads.ts';

/** The tus uploads started, with the options they were given: a test plays the server's part. */
interface TusOptions {
  onProgress(sent: number, total: number): void;
  onSuccess(payload: { lastResponse: { getHeader(name: string): string | undefined } }): void;
  onError(error: Error): void;
  [option: string]: unknown;
}
const tus = vi.hoisted(() => ({
  uploads: [] as { file: File; options: TusOptions; started: boolean; aborted: boolean | null; lookedForPrevious: boolean; resumedFrom: unknown }[],
  previous: [] as unknown[],
}));
vi.mock('tus-js-client', () => ({
  Upload: class {
    record: (typeof tus.uploads)[number];
    constructor(file: File, options: TusOptions) {
      this.record = { file, options, started: false, aborted: null, lookedForPrevious: false, resumedFrom: null };
      tus.uploads.push(this.record);
    }
    findPreviousUploads() {
      this.record.lookedForPrevious = true;
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      this.record.resumedFrom = previous;
    }
    start() {
      this.record.started = true;
    }
    abort(terminate: boolean) {
      this.record.aborted = terminate;
      return Promise.resolve();
    }
  },
}));

const steps: CourseStepDto[] = [
  { kind: 'video', id: 11, title: 'Framing a shot', isCompleted: true, duration: 120 },
  { kind: 'assignment', id: 60, title: 'Three photos of school life', isCompleted: false, status: 'not_started', approvalRequired: true },
  { kind: 'video', id: 12, title: 'Editing on a phone', isCompleted: false, duration: 120 },
];

const course: CourseDetailDto = {
  id: 5,
  title: 'Phone Photography',
  description: 'A course',
  price: 0,
  thumbnail: null,
  salesVideoId: null,
  totalModules: 2,
  totalDuration: 240,
  totalSteps: 3,
  isEnrolled: true,
  completedModules: 1,
  completedSteps: 1,
  progressPercentage: 33,
  lastWatchedModule: null,
  passMark: 80,
  quizRequired: false,
  modules: [
    { id: 11, courseId: 5, title: 'Framing a shot', description: '', duration: 120, orderIndex: 1, isCompleted: true },
    { id: 12, courseId: 5, title: 'Editing on a phone', description: '', duration: 120, orderIndex: 2, isCompleted: false },
  ],
  steps: steps as CourseDetailDto['steps'],
};

const photo = (id: number, name: string, feedback: string | null = null) => ({
  id,
  originalName: name,
  kind: 'image' as const,
  contentType: 'image/jpeg',
  size: 2_400_000,
  url: `/api/submission-files/${id}`,
  feedback,
  earlierFeedback: null as string | null,
});

const round = (overrides: Partial<SubmissionDto>): SubmissionDto => ({
  id: 300,
  assignmentId: 60,
  courseId: 5,
  userId: 7,
  round: 1,
  status: 'draft',
  note: null,
  link: null,
  files: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: null,
  withdrawnAt: null,
  reviewedAt: null,
  reviewerName: null,
  feedback: null,
  ...overrides,
});

const assignment: AssignmentDto = {
  id: 60,
  courseId: 5,
  title: 'Three photos of school life',
  instructions: 'Take three photos of a lesson, with no child identifiable.\n\nSee https://example.org/guide for the consent rules.',
  accepts: ['image'],
  maxFiles: 3,
  approvalRequired: true,
  limits: DEFAULT_LIMITS,
  draft: null,
  rounds: [],
  completed: false,
  managersCanSee: false,
};

function answers(current: AssignmentDto, extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/courses/5': ok(course),
    'GET /api/assignments/60': ok(current),
    'GET /api/dashboard': ok({ courses: [], stats: { overallProgress: 0, enrolledCourses: 0, completedModules: 0, totalWatchTime: 0 } }),
    'GET /api/certificates': ok([]),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

const renderAssignment = () => renderScene(<AssignmentScene />, { route: '/courses/5/assignments/60', path: '/courses/:courseId/assignments/:assignmentId' });

const jpeg = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

beforeEach(() => {
  forgetPausedUploads();
  tus.uploads.length = 0;
  tus.previous = [];
});

describe('AssignmentScene', () => {
  it('shows the instructions with their links, what to send, the privacy line and the step’s place in the course', async () => {
    answers(assignment);
    renderAssignment();
    expect(await screen.findByRole('heading', { level: 1, name: 'Three photos of school life' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.org/guide' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('Send photos')).toBeInTheDocument();
    expect(screen.getByText('Up to 3 files')).toBeInTheDocument();
    expect(screen.getByText(/Photos are stripped of location and camera details/)).toHaveTextContent('Only you and our reviewers can see what you send');
    expect(screen.getByRole('link', { name: /Previous: Framing a shot/ })).toHaveAttribute('href', '/courses/5/modules/11');
    expect(screen.getByRole('link', { name: /Next: Editing on a phone/ })).toHaveAttribute('href', '/courses/5/modules/12');
    expect(screen.getByLabelText('Choose files')).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    expect(screen.getByLabelText('Take a photo')).toHaveAttribute('capture', 'environment');
  });

  it('uploads each photo resumably with its own progress, then lists it once the server has it', async () => {
    let current = assignment;
    answers(assignment, { 'GET /api/assignments/60': () => ok(current) });
    const user = userEvent.setup();
    renderAssignment();
    await screen.findByRole('heading', { level: 1 });
    await user.upload(screen.getByLabelText('Choose files'), [jpeg('hall.jpg'), jpeg('yard.jpg')]);
    await waitFor(() => expect(tus.uploads.every((upload) => upload.started)).toBe(true));
    expect(tus.uploads).toHaveLength(2);
    expect(tus.uploads[0]!.options).toMatchObject({
      endpoint: '/api/uploads',
      metadata: { assignmentId: '60', filename: 'hall.jpg', filetype: 'image/jpeg' },
      storeFingerprintForResuming: true,
    });
    act(() => tus.uploads[0]!.options.onProgress(1024, 2048));
    expect(screen.getByRole('progressbar', { name: 'Uploading hall.jpg' })).toHaveAttribute('aria-valuetext', '50%');
    expect(screen.getByText('1 KB of 2 KB')).toBeInTheDocument();

    current = { ...assignment, draft: round({ files: [photo(901, 'hall.jpg')] }) };
    act(() => tus.uploads[0]!.options.onSuccess({ lastResponse: { getHeader: () => '901' } }));
    expect(await screen.findByRole('link', { name: 'hall.jpg' })).toHaveAttribute('href', '/api/submission-files/901');
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading hall.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Uploading yard.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Waiting for uploads/ })).toBeDisabled();
  });

  it('asks before leaving with an upload in flight, and on return resumes it from what the server holds', async () => {
    answers(assignment);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    renderAssignment();
    await screen.findByRole('heading', { level: 1 });
    const file = jpeg('hall.jpg');
    await user.upload(screen.getByLabelText('Choose files'), [file]);
    await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
    act(() => tus.uploads[0]!.options.onProgress(1024, 2048));

    // Closing or reloading the tab: the browser's own question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // A link in the app: asked first; staying keeps the upload going.
    await user.click(screen.getByRole('link', { name: /Previous: Framing a shot/ }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/upload is still in progress/i));
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/5/assignments/60');
    expect(tus.uploads[0]!.aborted).toBeNull();

    // Leaving pauses it (the server keeps what it has), and coming back resumes it from there.
    confirm.mockReturnValue(true);
    tus.previous = [{ uploadUrl: '/api/uploads/0123456789abcdef0123456789abcdef' }];
    await user.click(screen.getByRole('link', { name: /Previous: Framing a shot/ }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(tus.uploads[0]!.aborted).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Return to the scene' }));
    await waitFor(() => expect(tus.uploads[1]?.started).toBe(true));
    expect(tus.uploads[1]).toMatchObject({ file, lookedForPrevious: true, resumedFrom: tus.previous[0] });
    expect(screen.getByRole('progressbar', { name: 'Uploading hall.jpg' })).toBeInTheDocument();
    // Cancelled, it is not paused again when the page closes.
    await user.click(screen.getByRole('button', { name: 'Cancel hall.jpg' }));
    expect(tus.uploads[1]!.aborted).toBe(true);
    vi.unstubAllGlobals();
  });

  it('says why a file is refused, before and after sending: a kind not taken, too many, the server’s reason', async () => {
    answers({ ...assignment, maxFiles: 1 });
    const user = userEvent.setup({ applyAccept: false });
    renderAssignment();
    await screen.findByRole('heading', { level: 1 });
    await user.upload(screen.getByLabelText('Choose files'), [new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), jpeg('a.jpg'), jpeg('b.jpg')]);
    const problems = await screen.findByRole('alert');
    expect(problems).toHaveTextContent('plan.pdf: this assignment takes photos only.');
    expect(problems).toHaveTextContent(/b\.jpg was not added/);
    expect(tus.uploads).toHaveLength(1);
    // Every byte went up; the server then refused the file for what it is.
    act(() => tus.uploads[0]!.options.onProgress(2048, 2048));
    act(() =>
      tus.uploads[0]!.options.onError(
        Object.assign(new Error('refused'), { originalResponse: { getStatus: () => 415, getBody: () => 'a.jpg is not a JPEG, PNG, WebP or HEIC photo.' } }),
      ),
    );
    expect(await screen.findByText('a.jpg is not a JPEG, PNG, WebP or HEIC photo.')).toBeInTheDocument();
    // Not a full green bar beside "Stopped": the bar says refused, in the danger colour.
    const bar = screen.getByRole('progressbar', { name: 'a.jpg was refused' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Refused');
    expect(bar).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByText('Refused')).toBeInTheDocument();
    expect(screen.queryByText('Stopped')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('removes a file before submitting, then submits the note with the files', async () => {
    const draft = round({ files: [photo(901, 'hall.jpg'), photo(902, 'yard.jpg')] });
    const api = answers(
      { ...assignment, draft },
      {
        'DELETE /api/assignments/60/draft/files/902': { status: 204 },
        'PATCH /api/assignments/60/draft': ok({ ...draft, note: 'Taken in the hall.' }),
        'POST /api/assignments/60/submit': ok({ submission: { ...draft, status: 'submitted' }, courseCompleted: false, certificateNumber: null }),
      },
    );
    const user = userEvent.setup();
    renderAssignment();
    await user.click(await screen.findByRole('button', { name: 'Remove yard.jpg' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'yard.jpg' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/assignments/60/draft/files/902')).toHaveLength(1);
    await user.type(screen.getByLabelText('Note for the reviewer (optional)'), 'Taken in the hall.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/assignments/60/submit')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/assignments/60/draft')[0]?.body).toEqual({ note: 'Taken in the hall.' });
  });

  it('asks for a file before submitting and sends nothing', async () => {
    const api = answers(assignment);
    const user = userEvent.setup();
    renderAssignment();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add at least one photo before submitting.');
    expect(api.callsTo('POST', '/api/assignments/60/submit')).toHaveLength(0);
  });

  it('shows a submitted round awaiting review, withdraws it and says so as the draft opens', async () => {
    const sent = round({ status: 'submitted', submittedAt: '2026-11-21T10:00:00.000Z', files: [photo(901, 'hall.jpg')] });
    const withdrawn = { ...sent, status: 'draft' as const, withdrawnAt: '2026-11-21T11:00:00.000Z' };
    let current: AssignmentDto = { ...assignment, rounds: [sent] };
    const api = answers(current, {
      'GET /api/assignments/60': () => ok(current),
      'POST /api/assignments/60/withdraw': () => {
        current = { ...assignment, draft: withdrawn };
        return ok(withdrawn);
      },
      // The course answers after the assignment, whose draft editor has by then replaced the
      // round that asked.
      'GET /api/courses/5': async () => {
        if (current.draft) await new Promise((resolve) => setTimeout(resolve, 50));
        return ok(course);
      },
    });
    const user = userEvent.setup();
    renderAssignment();
    expect(await screen.findByText('Submitted: awaiting review')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Withdraw to change it/ }));
    expect(await screen.findByText('Change what you need, then submit again.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/assignments/60/withdraw')).toHaveLength(1);
    expect(screen.getByLabelText('Choose files')).toBeInTheDocument();
  });

  it('sent, awaiting review, with a module left: the step is "Step 2 of 3" and the page says both what is left and the review (issue 53)', async () => {
    const sent = round({ status: 'submitted', submittedAt: '2026-11-21T10:00:00.000Z', files: [photo(901, 'hall.jpg')] });
    const awaiting = steps.map((step) => (step.kind === 'assignment' ? { ...step, status: 'submitted' as const } : step));
    answers({ ...assignment, rounds: [sent] }, { 'GET /api/courses/5': ok({ ...course, steps: awaiting as CourseDetailDto['steps'] }) });
    renderAssignment();
    expect(await screen.findByText('To get your certificate, finish the last module. Your assignment is waiting for review.')).toBeInTheDocument();
    expect(screen.getAllByText(/Step 2 of 3/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Module 2 of 3/)).not.toBeInTheDocument();
  });

  it('after changes were asked for: the feedback, per file beside the files carried into the new round, each removable', async () => {
    const first = round({
      status: 'changes_requested',
      submittedAt: '2026-11-21T10:00:00.000Z',
      reviewedAt: '2026-11-22T10:00:00.000Z',
      feedback: 'A child’s face shows in the second photo.',
      files: [photo(901, 'hall.jpg'), photo(902, 'yard.jpg', 'Crop out the face on the left.')],
    });
    const next = round({
      id: 301,
      round: 2,
      files: [photo(911, 'hall.jpg'), { ...photo(912, 'yard.jpg'), earlierFeedback: 'Crop out the face on the left.' }],
    });
    answers({ ...assignment, draft: next, rounds: [first], managersCanSee: true }, { 'DELETE /api/assignments/60/draft/files/912': { status: 204 } });
    const user = userEvent.setup();
    renderAssignment();
    expect(await screen.findByText('Changes requested on round 1')).toBeInTheDocument();
    expect(screen.getAllByText('A child’s face shows in the second photo.').length).toBeGreaterThan(0);
    const editor = screen.getByRole('region', { name: 'Your submission (round 2)' });
    expect(within(editor).getByText('2 of 3 files')).toBeInTheDocument();
    expect(within(editor).getByRole('link', { name: 'hall.jpg' })).toHaveAttribute('href', '/api/submission-files/911');
    // The reviewer's note on a file shows beside it, not folded away in the history.
    const yard = within(editor).getByRole('link', { name: 'yard.jpg' }).closest('li')!;
    expect(within(yard).getByText(/Crop out the face on the left\./)).toBeVisible();
    expect(within(editor).getByRole('button', { name: 'Remove hall.jpg' })).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Remove yard.jpg' }));
    await user.click(screen.getByText('Earlier rounds (1)'));
    const history = screen.getByText('Earlier rounds (1)').closest('details')!;
    expect(within(history).getByText(/Crop out the face on the left\./)).toBeInTheDocument();
    expect(screen.getByText(/Only you, our reviewers and your school’s managers can see/)).toBeInTheDocument();
  });

  it('an approved round: the feedback, the step complete and, with the course finished, the certificate', async () => {
    const approved = round({ status: 'approved', submittedAt: '2026-11-21T10:00:00.000Z', reviewedAt: '2026-11-22T10:00:00.000Z', feedback: 'Well done.' });
    answers({ ...assignment, rounds: [approved], completed: true }, { 'GET /api/courses/5': ok({ ...course, progressPercentage: 100 }) });
    renderAssignment();
    expect(await screen.findByText('Course completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Certificates' })).toHaveAttribute('href', '/certificates');
    expect(screen.getByText('Well done.')).toBeInTheDocument();
    expect(screen.getByText('Assignment complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('says the step is not part of the course, or that enrolling opens it', async () => {
    answers(assignment, { 'GET /api/assignments/60': fail(403, 'Enroll first', 'not_enrolled') });
    renderAssignment();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enroll to do this assignment' })).toBeInTheDocument();
  });
});
