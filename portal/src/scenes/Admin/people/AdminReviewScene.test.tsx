import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_OVERVIEW_KEY } from '../../../api/admin.ts';
import type { SubmissionDto, SubmissionReviewDto } from '../../../api/assignmentTypes.ts';
import { admin, fail, mockApi, ok, publicConfig } from '../../../test/api.ts';
import { renderScene } from '../../../test/render.tsx';
import { AdminReviewScene } from './AdminReviewScene.tsx';
import { review as shown } from './reviewFixtures.ts';
import { LONG_TEST_MS } from '../../../test/limits.ts';

// pdf.js needs a real canvas: here the viewer only says which file it was given.
vi.mock('../../../components/assignments/PdfViewer.tsx', () => ({
  PdfViewer: ({ url, name }: { url: string; name: string }) => <p data-url={url}>PDF viewer for {name}</p>,
}));

const file = (id: number, originalName: string, kind: 'image' | 'audio' | 'video' | 'pdf', contentType: string) => ({
  id,
  originalName,
  kind,
  contentType,
  size: 1_000_000,
  url: `/api/submission-files/${id}`,
  feedback: null,
  earlierFeedback: null,
});

// The stories' review, with a file of each kind: the files are what the page draws here.
const submission: SubmissionDto = {
  ...shown.submission,
  files: [
    file(901, 'hall.jpg', 'image', 'image/jpeg'),
    file(902, 'talk.m4a', 'audio', 'audio/mp4'),
    file(903, 'clip.mp4', 'video', 'video/mp4'),
    file(904, 'plan.pdf', 'pdf', 'application/pdf'),
  ],
};

const earlier = shown.earlierRounds[0]!;
const review: SubmissionReviewDto = { ...shown, submission, earlierRounds: [{ ...earlier, files: [file(900, 'dark.jpg', 'image', 'image/jpeg')] }] };

function answers(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/user': ok(admin),
    'GET /api/config': ok(publicConfig),
    'GET /api/admin/reviews/300': ok(review),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
}

/** Something else on screen reading a view that a decision refreshes, as the admin's pages do. */
function OverviewReader() {
  useQuery({ queryKey: ADMIN_OVERVIEW_KEY });
  return null;
}

const renderReview = (id = '300') => renderScene(<AdminReviewScene />, { route: `/admin/reviews/${id}`, path: '/admin/reviews/:submissionId' });

describe('AdminReviewScene', () => {
  it('shows each file in a viewer that fits it, from the authorized file route, and the earlier rounds', async () => {
    answers();
    const { container } = renderReview();
    expect(await screen.findByRole('heading', { level: 1, name: review.assignment.title })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'hall.jpg' })).toHaveAttribute('src', '/api/submission-files/901');
    expect(container.querySelector('audio')).toHaveAttribute('src', '/api/submission-files/902');
    expect(container.querySelector('video')).toHaveAttribute('src', '/api/submission-files/903');
    expect(screen.getByRole('link', { name: 'Open in a new tab: plan.pdf' })).toHaveAttribute('href', '/api/submission-files/904');
    expect(await screen.findByText('PDF viewer for plan.pdf')).toHaveAttribute('data-url', '/api/submission-files/904');
    expect(screen.getByRole('link', { name: 'Download plan.pdf' })).toHaveAttribute('href', '/api/submission-files/904?download=1');
    expect(screen.getByText(submission.note!)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Earlier rounds' })).getByText(earlier.feedback!)).toBeInTheDocument();
  });

  it(
    'asks for feedback before asking for changes, then sends it with the per-file notes',
    async () => {
      const api = answers({ 'POST /api/admin/reviews/300': ok({ ...submission, status: 'changes_requested' }) });
      const user = userEvent.setup();
      renderReview();
      await user.click(await screen.findByRole('button', { name: /Ask for changes/ }));
      expect(await screen.findByText(/Say what should change: feedback is required/)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/reviews/300')).toHaveLength(0);
      await user.type(screen.getByLabelText('Feedback on hall.jpg (optional)'), 'Crop the left edge.');
      await user.type(screen.getByLabelText('Feedback to the learner'), 'Nearly there.');
      await user.click(screen.getByRole('button', { name: /Ask for changes/ }));
      await waitFor(() => expect(api.callsTo('POST', '/api/admin/reviews/300')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/admin/reviews/300')[0]?.body).toEqual({
        decision: 'changes',
        feedback: 'Nearly there.',
        files: [{ fileId: 901, feedback: 'Crop the left edge.' }],
      });
    },
    LONG_TEST_MS,
  );

  it('approves without feedback, and says so once the page shows the decision', async () => {
    let status: SubmissionDto['status'] = 'submitted';
    const api = answers({
      'GET /api/admin/reviews/300': () => ok({ ...review, submission: { ...review.submission, status } }),
      'POST /api/admin/reviews/300': () => {
        status = 'approved';
        return ok({ ...submission, status });
      },
      // Another view the decision refreshes answers after the submission does: by then the
      // review has been redrawn as decided.
      'GET /api/admin/overview': async () => {
        if (status === 'approved') await new Promise((resolve) => setTimeout(resolve, 50));
        return ok({});
      },
    });
    const user = userEvent.setup();
    renderScene(
      <>
        <AdminReviewScene />
        <OverviewReader />
      </>,
      { route: '/admin/reviews/300', path: '/admin/reviews/:submissionId' },
    );
    await user.click(await screen.findByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/reviews/300')[0]?.body).toEqual({ decision: 'approve', feedback: null }));
    expect(await screen.findByText(/is told by e-mail and sees your feedback/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('refuses a file note over its limit with the shared schema’s words, before asking the server', async () => {
    const api = answers();
    const user = userEvent.setup();
    renderReview();
    fireEvent.change(await screen.findByLabelText('Feedback on hall.jpg (optional)'), { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('File feedback can be at most 2,000 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/reviews/300')).toHaveLength(0);
  });

  it('shows the server’s refusal of a withdrawn submission', async () => {
    answers({ 'POST /api/admin/reviews/300': fail(409, 'This submission was withdrawn') });
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('This submission was withdrawn', {})).toBeInTheDocument();
  });

  it('a reviewed round shows its decision and no buttons; an unknown one is not found', async () => {
    answers({
      'GET /api/admin/reviews/300': ok({
        ...review,
        submission: { ...submission, status: 'approved', reviewedAt: '2026-11-22T10:00:00.000Z', feedback: 'Lovely.' },
      }),
    });
    renderReview();
    expect(await screen.findByText('Lovely.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('says a submission is not found', async () => {
    answers({ 'GET /api/admin/reviews/301': fail(404, 'Not found') });
    renderReview('301');
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not found' })).toBeInTheDocument();
  });
});
