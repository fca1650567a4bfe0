import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicRecordDto } from '@atrium/common';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { RecordScene } from './RecordScene.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-abcde';
const record: PublicRecordDto = {
  name: 'Sam Okafor',
  totalVerifiedHours: 1.25,
  yearStartMonth: 9,
  generatedAt: '2026-11-29T10:00:00.000Z',
  pdfPath: `/api/records/${TOKEN}/record.pdf`,
  years: [{ label: '2025–26', start: '2025-09-01', end: '2026-08-31', verifiedHours: 1.25, courses: 1 }],
  courses: [
    {
      certificateNumber: 'ATR-7F3K-9Q2M-4X8C-1D2E',
      courseName: 'Phonics in Year 1',
      completedOn: '2025-10-01',
      cpdHours: 1.25,
      ceus: null,
      quizScore: null,
      verifyPath: '/verify?number=ATR-7F3K-9Q2M-4X8C-1D2E',
    },
  ],
};
const base = (extra: Parameters<typeof mockApi>[0]) =>
  mockApi({ 'GET /api/user': fail(401, 'Please sign in to continue'), 'GET /api/config': ok(publicConfig), ...extra });
const render = () => renderScene(<RecordScene />, { route: `/record/${TOKEN}`, path: '/record/:token' });

describe('/record/:token (issue 59)', () => {
  it('shows the verified record, a link to check each certificate and the printable PDF, to anyone with the link', async () => {
    base({ [`GET /api/records/${TOKEN}`]: ok(record) });
    render();
    expect(await screen.findByRole('heading', { name: 'Verified CPD record of Sam Okafor' })).toBeInTheDocument();
    const courses = screen.getByRole('list', { name: 'Completed courses' });
    expect(within(courses).getByRole('link', { name: 'Check this certificate for Phonics in Year 1' })).toHaveAttribute('href', record.courses[0]!.verifyPath);
    expect(screen.getByRole('link', { name: /Printable PDF/ })).toHaveAttribute('href', record.pdfPath);
    expect(screen.getByText(/Training the person reported themselves is not part of this record/)).toBeInTheDocument();
  });

  it('says plainly when the link was stopped', async () => {
    base({ [`GET /api/records/${TOKEN}`]: fail(404, 'This record link does not work: it was mistyped, or its owner stopped it') });
    render();
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(/Ask them for a new link/)).toBeInTheDocument();
    // Trying again would not bring a stopped link back.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the record could not be read', async () => {
    base({ [`GET /api/records/${TOKEN}`]: fail(503, 'The service is busy') });
    render();
    expect(await screen.findByText('The service is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
