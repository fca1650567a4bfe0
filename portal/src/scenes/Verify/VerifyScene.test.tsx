import { webcrypto } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { AppRoutes } from '../../routes.tsx';

const ORIGIN = publicConfig.publicUrl;
const KID = `${ORIGIN}/api/credentials/keys/${'k'.repeat(43)}`;
const CREDENTIAL_ID = 'urn:uuid:6f1c4a52-1b7e-4c57-9f57-2d3b8d0f1a11';
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const text = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

let jwt = '';
let jwk: object = {};
beforeAll(async () => {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  jwk = { ...(await webcrypto.subtle.exportKey('jwk', pair.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const issuer = `${ORIGIN}/api/credentials/issuer`;
  const signingInput = `${text({ alg: 'ES256', typ: 'JWT', kid: KID })}.${text({
    id: CREDENTIAL_ID,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Atrium Test' },
    iss: issuer,
    validFrom: '2026-11-21T10:15:30Z',
    nbf: Date.parse('2026-11-21T10:15:30Z') / 1000,
    credentialSubject: {
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Priya Shah' }],
      achievement: { name: 'Running a School Podcast' },
    },
    credentialStatus: { id: `${ORIGIN}/api/credentials/revocations`, type: '1EdTechRevocationList' },
  })}`;
  const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(signingInput));
  jwt = `${signingInput}.${base64url(new Uint8Array(signature))}`;
});

const issuerApi = (revoked: string[] = []) => ({
  'GET /api/user': fail(401, 'Not signed in'),
  'GET /api/config': ok(publicConfig),
  'GET /.well-known/jwks.json': ok({ keys: [jwk] }),
  'GET /api/credentials/revocations': ok({ revokedCredential: revoked.map((id) => ({ id, revoked: true })) }),
  'GET /api/certificates/ATR-REVOKED/credential': fail(404, 'This certificate was revoked by its issuer', 'certificate_revoked'),
  'GET /api/certificates/ATR-GOOD/credential': ok(jwt),
});

async function paste(value: string) {
  fireEvent.change(await screen.findByLabelText('Paste a credential'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Check credential' }));
  return screen.findByRole('heading', { level: 2 });
}

describe('/verify', () => {
  it('checks a pasted credential in the browser and shows the achievement and learner', async () => {
    const { calls } = mockApi(issuerApi());
    renderApp(<AppRoutes />, '/verify');
    expect(await paste(jwt)).toHaveTextContent('Valid');
    const panel = screen.getByRole('heading', { level: 2 }).closest('section')!;
    expect(within(panel).getByText('Running a School Podcast')).toBeInTheDocument();
    expect(within(panel).getByText('Priya Shah')).toBeInTheDocument();
    expect(within(panel).getByText('21 November 2026')).toBeInTheDocument();
    // Only public documents were asked for; the credential itself never left the browser.
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/.well-known/jwks.json', '/api/credentials/revocations']));
  });

  it('waits for our address before judging a credential pasted while it was still loading', async () => {
    let answerConfig = () => {};
    const configHeld = new Promise<void>((resolve) => (answerConfig = resolve));
    mockApi({ ...issuerApi(), 'GET /api/config': () => configHeld.then(() => ok(publicConfig)) });
    renderApp(<AppRoutes />, '/verify');
    await screen.findByLabelText('Paste a credential');
    const verdict = paste(jwt);
    await screen.findByText('Checking the credential');
    answerConfig();
    expect(await verdict).toHaveTextContent('Valid');
  });

  it('says revoked, altered or not a credential', async () => {
    mockApi(issuerApi([CREDENTIAL_ID]));
    renderApp(<AppRoutes />, '/verify');
    expect(await paste(jwt)).toHaveTextContent('Revoked');
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.credentialSubject.identifier[0].identityHash = 'Mallory';
    expect(await paste(`${header}.${text(claims)}.${signature}`)).toHaveTextContent('Altered');
    expect(screen.queryByText('Mallory')).toBeNull();
    expect(await paste('hello')).toHaveTextContent('Not a credential');
  });

  it('asks for something to check before checking', async () => {
    mockApi(issuerApi());
    renderApp(<AppRoutes />, '/verify');
    fireEvent.click(await screen.findByRole('button', { name: 'Check credential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste the contents of a credential file first.');
  });

  it('checks the certificate a QR code link names', async () => {
    mockApi(issuerApi());
    renderApp(<AppRoutes />, '/verify?number=ATR-GOOD');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('Valid');
  });

  it('says revoked for a revoked certificate number', async () => {
    mockApi(issuerApi());
    renderApp(<AppRoutes />, '/verify?number=ATR-REVOKED');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('Revoked');
  });
});
