import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { AppRoutes } from '../../routes.tsx';

const NUMBER = 'ATR-7F3K-9Q2M-4X8C-1D2E';
const certificate = {
  studentName: 'Priya Shah',
  courseName: 'Running a School Podcast',
  completionPercentage: 100,
  completedAt: '2026-11-21T10:00:00.000Z',
  issuedAt: '2026-03-02T10:00:05.000Z',
  certificateNumber: NUMBER,
};

describe('/certificate/:number as a verifiable credential', () => {
  it('offers the signed credential, LinkedIn with the certificate filled in, and prints a QR code of the verify link', async () => {
    mockApi({ 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig), [`GET /api/certificates/${NUMBER}`]: ok(certificate) });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const download = await screen.findByRole('link', { name: /Download credential/ });
    expect(download).toHaveAttribute('href', `/api/certificates/${NUMBER}/credential`);
    expect(download).toHaveAttribute('download', `${NUMBER}.jwt`);

    const linkedIn = new URL(screen.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href')!);
    expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Running a School Podcast',
      organizationName: 'Atrium Test',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: `https://atrium.test/certificate/${NUMBER}`,
      certId: NUMBER,
    });

    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('data-qr-value')).toBe(`https://atrium.test/verify?number=${NUMBER}`);
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(500);
    expect(screen.getByText(/Digitally signed/)).toBeInTheDocument();
    // Never expires: no expiry on LinkedIn or on the sheet.
    expect(screen.queryByText('Valid until')).not.toBeInTheDocument();
  });

  it('a certificate that expires says so on the printed sheet and passes the expiry to LinkedIn (issue 34)', async () => {
    const expiring = { ...certificate, expiresOn: '2028-03-02', expired: false };
    mockApi({ 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig), [`GET /api/certificates/${NUMBER}`]: ok(expiring) });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const linkedInLink = await screen.findByRole('link', { name: /Add to LinkedIn/ });
    const linkedIn = new URL(linkedInLink.getAttribute('href')!);
    expect(linkedIn.searchParams.get('expirationYear')).toBe('2028');
    expect(linkedIn.searchParams.get('expirationMonth')).toBe('3');
    const sheet = screen.getByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).getByText('Valid until').nextSibling).toHaveTextContent('2 March 2028');
  });

  it('states the CPD hours and CEUs it was issued with on the sheet, and nothing when it has none (issue 59)', async () => {
    mockApi({
      'GET /api/user': fail(401, 'Not signed in'),
      'GET /api/config': ok(publicConfig),
      [`GET /api/certificates/${NUMBER}`]: ok({ ...certificate, cpdHours: 1.5, ceus: 0.15 }),
    });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).getByText('CPD hours').nextSibling).toHaveTextContent('1.5 hours (0.15 CEUs)');
  });

  it('a certificate issued before the course had hours states none', async () => {
    mockApi({ 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig), [`GET /api/certificates/${NUMBER}`]: ok(certificate) });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).queryByText('CPD hours')).not.toBeInTheDocument();
  });

  it('shows the final quiz score when the certificate has one (issue 36)', async () => {
    mockApi({
      'GET /api/user': fail(401, 'Not signed in'),
      'GET /api/config': ok(publicConfig),
      [`GET /api/certificates/${NUMBER}`]: ok({ ...certificate, quizScore: 92 }),
    });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).getByText('Final quiz score').nextSibling).toHaveTextContent(/^92\s%$/);
  });

  it('says nothing of a quiz when the course had none', async () => {
    mockApi({
      'GET /api/user': fail(401, 'Not signed in'),
      'GET /api/config': ok(publicConfig),
      [`GET /api/certificates/${NUMBER}`]: ok({ ...certificate, quizScore: null }),
    });
    renderApp(<AppRoutes />, `/certificate/${NUMBER}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of Completion' });
    expect(within(sheet).queryByText(/Final quiz score/)).not.toBeInTheDocument();
  });
});
