import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TranscriptDto } from '@atrium/common';
import { pinReader } from '@atrium/common/rules/dates';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { TranscriptScene } from './TranscriptScene.tsx';

const transcript: TranscriptDto = {
  yearStartMonth: 9,
  totalVerifiedHours: 1.5,
  totalSelfReportedHours: 3,
  years: [{ label: '2026–27', start: '2026-09-01', end: '2027-08-31', verifiedHours: 1.5, selfReportedHours: 3, courses: 1, externalEntries: 1 }],
  courses: [
    {
      certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
      courseName: 'Safeguarding Annual Update',
      completedAt: '2026-11-21T10:00:00.000Z',
      completedOn: '2026-11-21',
      cpdHours: 1.5,
      ceus: null,
      quizScore: 92,
      certificatePath: '/certificate/ATR-7F3K-9Q2M-4X8C-1D2E',
      credentialPath: '/api/certificates/ATR-7F3K-9Q2M-4X8C-1D2E/credential',
    },
  ],
  external: [
    {
      id: 7,
      title: 'Phonics refresher',
      provider: 'Local authority',
      completedOn: '2026-10-02',
      cpdHours: 3,
      createdAt: '2026-10-03T09:00:00.000Z',
      evidence: null,
    },
  ],
};
const base = (extra: Parameters<typeof mockApi>[0] = {}) => mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), ...extra });
const renderTranscript = () => renderScene(<TranscriptScene />, { route: '/transcript', path: '/transcript' });

describe('/transcript (issue 59)', () => {
  it('shows the hours per school year, the verified courses with their links, and the self-reported training marked as such', async () => {
    base({ 'GET /api/transcript': ok(transcript) });
    renderTranscript();
    const years = await screen.findByRole('table');
    expect(within(years).getByRole('rowheader', { name: /2026–27/ })).toBeInTheDocument();
    expect(within(years).getAllByText('1.5 hours').length).toBeGreaterThan(0);
    const courses = screen.getByRole('list', { name: 'Completed courses' });
    expect(within(courses).getByText('Final quiz 92 %')).toBeInTheDocument();
    expect(within(courses).getByRole('link', { name: 'Credential for Safeguarding Annual Update' })).toHaveAttribute(
      'href',
      '/api/certificates/ATR-7F3K-9Q2M-4X8C-1D2E/credential',
    );
    expect(screen.getByText('Self-reported')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Training elsewhere' })).getByText('Phonics refresher')).toBeInTheDocument();
  });

  it("writes the school year's first day in the reader's order, as the years' own dates are", async () => {
    base({ 'GET /api/transcript': ok({ ...transcript, yearStartMonth: 8 }) });
    pinReader({ locale: 'en-US' });
    try {
      const { unmount } = renderTranscript();
      expect(await screen.findByText(/^School years start on August 1\./)).toBeInTheDocument();
      unmount();
      pinReader({ locale: 'en-GB' });
      renderTranscript();
      expect(await screen.findByText(/^School years start on 1 August\./)).toBeInTheDocument();
    } finally {
      pinReader({});
    }
  });

  it('adds external CPD with hours to a quarter hour, and refuses other figures beside the field', async () => {
    const api = base({
      'GET /api/transcript': ok(transcript),
      'POST /api/transcript/external': ({ body }) => ({ status: 201, body: { id: 8, createdAt: '2026-11-29T09:00:00.000Z', ...(body as object) } }),
    });
    renderTranscript();
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Trust conference');
    await userEvent.type(screen.getByLabelText(/^Provider/), 'Oak Trust');
    await userEvent.type(screen.getByLabelText(/^Date completed/), '2026-11-20');
    await userEvent.type(screen.getByRole('textbox', { name: /^Hours/ }), '2.2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my transcript' }));
    expect(await screen.findByText('CPD hours go to the quarter hour, e.g. 1, 1.25, 1.5 or 1.75')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/transcript/external')).toHaveLength(0);
    await userEvent.clear(screen.getByRole('textbox', { name: /^Hours/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Hours/ }), '2.25');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my transcript' }));
    expect(await screen.findByText('Added to your transcript')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/transcript/external')[0]?.body).toEqual({
      title: 'Trust conference',
      provider: 'Oak Trust',
      completedOn: '2026-11-20',
      cpdHours: 2.25,
    });
  });

  it('says so when there is nothing yet', async () => {
    base({ 'GET /api/transcript': ok({ yearStartMonth: 9, totalVerifiedHours: 0, totalSelfReportedHours: 0, years: [], courses: [], external: [] }) });
    renderTranscript();
    expect(await screen.findByText('No hours yet: complete a course or add training you did elsewhere.')).toBeInTheDocument();
    expect(screen.getByText('No completed courses yet.')).toBeInTheDocument();
  });

  it('offers a retry when the transcript could not be loaded', async () => {
    base({ 'GET /api/transcript': fail(500, 'Something went wrong') });
    renderTranscript();
    expect(await screen.findByRole('heading', { name: 'Your transcript could not be loaded' })).toBeInTheDocument();
  });
});
