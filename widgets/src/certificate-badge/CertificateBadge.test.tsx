import '../test/setup.ts';
import { webcrypto } from 'node:crypto';
import type { CertificatePublicDto } from '@atrium/common/api/community';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pinReader } from '@atrium/common/rules/dates';
import { json, mockFetch } from '../test/setup.ts';
import { CertificateBadge } from './CertificateBadge.tsx';

const API = 'https://atrium.test';
const KID = `${API}/api/credentials/keys/${'k'.repeat(43)}`;
const NUMBER = 'ATR-7F3K-9Q2M-4X8C-1D2E';

const certificate: CertificatePublicDto = {
  studentName: 'Ada Lovelace',
  courseName: 'Running a School Podcast',
  completionPercentage: 100,
  completedAt: '2026-11-21T10:00:00Z',
  issuedAt: '2026-11-21T10:00:05Z',
  certificateNumber: NUMBER,
  quizScore: null,
};

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const text = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** A credential signed the way the server signs one (ES256 over header.payload), with its public JWK. */
let jwt = '';
let publicJwk: object = {};
let sign: (extra?: object) => Promise<string> = async () => '';
beforeAll(async () => {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  publicJwk = { ...(await webcrypto.subtle.exportKey('jwk', pair.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  sign = async (extra = {}) => {
    const signingInput = `${text({ alg: 'ES256', typ: 'JWT', kid: KID })}.${text({
      id: 'urn:uuid:1',
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      validFrom: certificate.completedAt,
      awardedDate: certificate.issuedAt,
      credentialSubject: {
        identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }],
        achievement: { name: 'Running a School Podcast' },
      },
      ...extra,
    })}`;
    const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(signingInput));
    return `${signingInput}.${base64url(new Uint8Array(signature))}`;
  };
  jwt = await sign();
});

/** The issuer's two public endpoints the badge reads: the credential, then the key its kid names. */
function issuer(credential: () => Response) {
  return mockFetch(({ url }) => (url === KID ? json(publicJwk) : credential()));
}
const credentialResponse = (body = jwt) => new Response(body, { status: 200, headers: { 'Content-Type': 'application/vc+jwt' } });
const badge = (container: HTMLElement) => container.querySelector('[part="badge"]');

describe('CertificateBadge', () => {
  // Dates are the reader's (common/src/rules/dates.ts): these read as a visitor in London.
  beforeEach(() => pinReader({ locale: 'en-GB', timeZone: 'Europe/London' }));
  afterEach(() => pinReader({}));

  it('says Verified only once the signature checks out with the published key, and shows what was signed', async () => {
    const { calls } = issuer(() => credentialResponse());
    const onVerified = vi.fn();
    const { container } = render(<CertificateBadge number={` ${NUMBER} `} apiBase={API} onVerified={onVerified} />);
    expect(badge(container)?.getAttribute('data-status')).toBe('loading');
    await screen.findByText('Verified certificate');
    expect(badge(container)?.getAttribute('data-status')).toBe('valid');
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Running a School Podcast')).toBeTruthy();
    expect(screen.getByText('21 November 2026')).toBeTruthy();
    const link = screen.getByRole('link', { name: /View certificate/ });
    expect(link.getAttribute('href')).toBe(`${API}/certificate/${NUMBER}`);
    expect(calls.map((call) => call.url)).toEqual([`${API}/api/certificates/${NUMBER}/credential`, KID]);
    expect(onVerified).toHaveBeenCalledWith({ status: 'valid', number: NUMBER, certificate });
  });

  it('shows "Expired on …" for a signed credential past its validUntil, still as verified', async () => {
    const expiredJwt = await sign({ validUntil: '2025-11-21T10:00:05Z' });
    issuer(() => credentialResponse(expiredJwt));
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} />);
    await screen.findByText('Verified certificate');
    expect(container.querySelector('[part="expiry"]')?.textContent).toBe('Expired on 21 November 2025');
  });

  it('writes the dates as a visitor in Chicago reads them, the expiry day unshifted', async () => {
    pinReader({ locale: 'en-US', timeZone: 'America/Chicago' });
    const expiredJwt = await sign({ validUntil: '2025-11-21T10:00:05Z' });
    issuer(() => credentialResponse(expiredJwt));
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} />);
    await screen.findByText('Verified certificate');
    expect(screen.getByText('November 21, 2026')).toBeTruthy();
    expect(container.querySelector('[part="expiry"]')?.textContent).toBe('Expired on November 21, 2025');
  });

  it('says nothing of expiry while the credential is still current', async () => {
    const currentJwt = await sign({ validUntil: '2999-11-21T10:00:05Z' });
    issuer(() => credentialResponse(currentJwt));
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} />);
    await screen.findByText('Verified certificate');
    expect(container.querySelector('[part="expiry"]')).toBeNull();
  });

  it('says Could not verify when the credential was altered', async () => {
    issuer(() => {
      const [header, payload, signature] = jwt.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims.credentialSubject.identifier[0].identityHash = 'Mallory';
      return credentialResponse(`${header}.${text(claims)}.${signature}`);
    });
    const onVerified = vi.fn();
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} onVerified={onVerified} />);
    await screen.findByText('Could not verify');
    expect(badge(container)?.getAttribute('data-status')).toBe('unverified');
    expect(screen.queryByText('Mallory')).toBeNull();
    expect(onVerified).toHaveBeenCalledWith({ status: 'unverified', number: NUMBER, certificate: null });
  });

  it('never trusts a key published on another origin', async () => {
    const { calls } = issuer(() => {
      const [, payload, signature] = jwt.split('.') as [string, string, string];
      return credentialResponse(`${text({ alg: 'ES256', typ: 'JWT', kid: 'https://evil.test/api/credentials/keys/x' })}.${payload}.${signature}`);
    });
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} />);
    await screen.findByText('Could not verify');
    expect(badge(container)?.getAttribute('data-status')).toBe('unverified');
    expect(calls).toHaveLength(1);
  });

  it('says Revoked for a revoked number and Could not verify for an unknown one', async () => {
    mockFetch(({ url }) =>
      url.includes('REVOKED')
        ? json({ message: 'This certificate was revoked by its issuer', id: 'certificate_revoked' }, 404)
        : json({ message: 'Certificate Not Found', id: 'not_found' }, 404),
    );
    const onVerified = vi.fn();
    const { container, rerender } = render(<CertificateBadge number="ATR-REVOKED" onVerified={onVerified} />);
    await screen.findByText('Revoked');
    expect(badge(container)?.getAttribute('data-status')).toBe('revoked');
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<CertificateBadge number="MADE/UP 1" onVerified={onVerified} />);
    await screen.findByText('Could not verify');
    expect(badge(container)?.getAttribute('data-status')).toBe('not_found');
    expect(screen.getByRole('status').textContent).toContain('MADE/UP 1');
    expect(onVerified.mock.calls.map(([result]) => [result.status, result.number])).toEqual([
      ['revoked', 'ATR-REVOKED'],
      ['not_found', 'MADE/UP 1'],
    ]);
  });

  it('does not call the API without a number', () => {
    const { fetchMock } = mockFetch(() => credentialResponse());
    const onVerified = vi.fn();
    render(<CertificateBadge onVerified={onVerified} />);
    expect(screen.getByText('No certificate number was given.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onVerified).toHaveBeenCalledWith({ status: 'not_found', number: '', certificate: null });
  });

  it('tells a failure to reach the issuer apart, and retries', async () => {
    let down = true;
    mockFetch(({ url }) =>
      url === KID ? json(publicJwk) : down ? new Response('', { status: 503, statusText: 'Service Unavailable' }) : credentialResponse(),
    );
    const onVerified = vi.fn();
    const onError = vi.fn();
    const { container } = render(<CertificateBadge number={NUMBER} apiBase={API} onVerified={onVerified} onError={onError} />);
    await screen.findByRole('button', { name: 'Try again' });
    expect(badge(container)?.getAttribute('data-status')).toBe('error');
    expect(onError).toHaveBeenCalledWith('503: Service Unavailable');
    expect(onVerified).not.toHaveBeenCalled();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ status: 'valid' })));
  });
});
