import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SubmissionDto } from '../../api/assignmentTypes.ts';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { SchoolSubmissionScene } from './SchoolSubmissionScene.tsx';

vi.mock('../../components/assignments/PdfViewer.tsx', () => ({ PdfViewer: ({ name }: { name: string }) => <p>PDF viewer for {name}</p> }));

const submission: SubmissionDto = {
  id: 300,
  assignmentId: 60,
  courseId: 5,
  userId: 8,
  round: 1,
  status: 'submitted',
  note: 'Taken in the hall.',
  link: null,
  files: [
    {
      id: 901,
      originalName: 'hall.jpg',
      kind: 'image',
      contentType: 'image/jpeg',
      size: 1000,
      url: '/api/submission-files/901',
      feedback: null,
      earlierFeedback: null,
    },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: '2026-11-21T10:00:00.000Z',
  withdrawnAt: null,
  reviewedAt: null,
  reviewerName: null,
  feedback: null,
};

const renderPage = () => renderScene(<SchoolSubmissionScene />, { route: '/school/submissions/300', path: '/school/submissions/:submissionId' });

describe('SchoolSubmissionScene', () => {
  it('shows a shared submission with its files to the school’s manager', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/submissions/300': ok(submission) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission, round 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'hall.jpg' })).toHaveAttribute('src', '/api/submission-files/901');
    expect(screen.getByText('Taken in the hall.', { exact: false })).toBeInTheDocument();
  });

  it('says it is not available when the server does not show it (not shared, or not theirs)', async () => {
    mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), 'GET /api/submissions/300': fail(404, 'Not found') });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission not available' })).toBeInTheDocument();
  });
});
