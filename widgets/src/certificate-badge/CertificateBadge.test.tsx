import '../test/setup.ts';
import type { CertificatePublicDto } from '@atrium/common/api/community';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/setup.ts';
import { CertificateBadge } from './CertificateBadge.tsx';

const certificate: CertificatePublicDto = {
  studentName: 'Ada Lovelace',
  courseName: 'Running a School Podcast',
  completionPercentage: 100,
  completedAt: '2026-11-21T10:00:00.000Z',
  issuedAt: '2026-11-21T10:00:05.000Z',
  certificateNumber: 'ATR-7F3K9Q2M4X8C',
};

const badge = (container: HTMLElement) => container.querySelector('[part="badge"]');

describe('CertificateBadge', () => {
  it('verifies a real number: student, course, long British date and the certificate link', async () => {
    const { calls } = mockFetch(() => json(certificate));
    const onVerified = vi.fn();
    const { container } = render(<CertificateBadge number=" ATR-7F3K9Q2M4X8C " apiBase="https://atrium.test" onVerified={onVerified} />);
    expect(badge(container)?.getAttribute('data-status')).toBe('loading');
    await screen.findByText('Verified certificate');
    expect(badge(container)?.getAttribute('data-status')).toBe('valid');
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Running a School Podcast')).toBeTruthy();
    expect(screen.getByText('21 November 2026')).toBeTruthy();
    const link = screen.getByRole('link', { name: /View certificate/ });
    expect(link.getAttribute('href')).toBe('https://atrium.test/certificate/ATR-7F3K9Q2M4X8C');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(calls).toEqual([{ url: 'https://atrium.test/api/certificates/ATR-7F3K9Q2M4X8C', method: 'GET', body: null }]);
    expect(onVerified).toHaveBeenCalledWith({ status: 'valid', number: 'ATR-7F3K9Q2M4X8C', certificate });
  });

  it('shows "Expired on …" for a certificate past its validity, still as verified', async () => {
    mockFetch(() => json({ ...certificate, expiresOn: '2027-11-21', expired: true }));
    const { container } = render(<CertificateBadge number="ATR-7F3K9Q2M4X8C" apiBase="https://atrium.test" />);
    await screen.findByText('Verified certificate');
    expect(container.querySelector('[part="expiry"]')?.textContent).toBe('Expired on 21 November 2027');
  });

  it('says nothing of expiry for a certificate still current', async () => {
    mockFetch(() => json({ ...certificate, expiresOn: '2027-11-21', expired: false }));
    const { container } = render(<CertificateBadge number="ATR-7F3K9Q2M4X8C" apiBase="https://atrium.test" />);
    await screen.findByText('Verified certificate');
    expect(container.querySelector('[part="expiry"]')).toBeNull();
  });

  it('says not found for an unknown or revoked number', async () => {
    const { calls } = mockFetch(() => json({ message: 'Certificate not found' }, 404));
    const onVerified = vi.fn();
    const { container } = render(<CertificateBadge number="MADE/UP 1" onVerified={onVerified} />);
    await screen.findByText('Certificate not found');
    expect(badge(container)?.getAttribute('data-status')).toBe('not_found');
    expect(screen.getByRole('status').textContent).toContain('MADE/UP 1');
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls[0]?.url).toBe('/api/certificates/MADE%2FUP%201');
    expect(onVerified).toHaveBeenCalledWith({ status: 'not_found', number: 'MADE/UP 1', certificate: null });
  });

  it('does not call the API without a number', () => {
    const { fetchMock } = mockFetch(() => json(certificate));
    const onVerified = vi.fn();
    render(<CertificateBadge onVerified={onVerified} />);
    expect(screen.getByText('No certificate number was given.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onVerified).toHaveBeenCalledWith({ status: 'not_found', number: '', certificate: null });
  });

  it('tells a failure to verify apart from "not found", and retries', async () => {
    let down = true;
    mockFetch(() => (down ? new Response('', { status: 503, statusText: 'Service Unavailable' }) : json(certificate)));
    const onVerified = vi.fn();
    const onError = vi.fn();
    render(<CertificateBadge number="ATR-7F3K9Q2M4X8C" onVerified={onVerified} onError={onError} />);
    await screen.findByText('Verification unavailable');
    expect(onError).toHaveBeenCalledWith('503: Service Unavailable');
    expect(onVerified).not.toHaveBeenCalled();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ status: 'valid' })));
  });
});
