import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { VerifyEmailScene } from './VerifyEmailScene.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-ab';
const signedIn = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const signedOut = { 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig) };
const renderVerify = (route = `/verify-email?token=${TOKEN}`) => renderScene(<VerifyEmailScene />, { route, path: '/verify-email' });
const INVALID = 'This verification link is invalid, has expired or has already been used. Ask for a new one from your account page.';

describe('VerifyEmailScene', () => {
  it('verifies once and says so', async () => {
    const api = mockApi({ ...signedIn, 'POST /api/verify-email': ok({ message: 'Your e-mail address is verified.', joinedSchool: null }) });
    renderVerify();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/verify-email')).toEqual([{ method: 'POST', path: '/api/verify-email', body: { token: TOKEN } }]);
    expect(screen.queryByText(/You now have access through/)).not.toBeInTheDocument();
  });

  it('names the school joined through the verified domain', async () => {
    mockApi({
      ...signedIn,
      'POST /api/verify-email': ok({
        message: "Your e-mail address is verified and you have joined St Mary's Primary.",
        joinedSchool: { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' },
      }),
    });
    renderVerify();
    expect((await screen.findAllByText("You now have access through St Mary's Primary.")).length).toBeGreaterThan(0);
  });

  it('explains a failure and lets a signed-in user send a new link', async () => {
    const api = mockApi({
      ...signedIn,
      'POST /api/verify-email': fail(400, INVALID),
      'POST /api/user/verify-email': ok({ message: `We have sent a verification link to ${learner.email}.` }),
    });
    renderVerify();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not verify your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new verification e-mail' }));
    expect((await screen.findAllByText(`We have sent a verification link to ${learner.email}.`)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(1);
  });

  it('asks a visitor to sign in first and sends nothing until then', async () => {
    const api = mockApi(signedOut);
    renderVerify();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to verify your e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to verify' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/verify-email?token=${TOKEN}`)}`);
    expect(api.callsTo('POST', '/api/verify-email')).toHaveLength(0);
  });

  it("shows the server's refusal of a link for another account", async () => {
    const other = 'This verification link is for another account. Sign out, then sign in to the account the e-mail was sent for and open the link again.';
    mockApi({ ...signedIn, 'POST /api/verify-email': fail(403, other) });
    renderVerify();
    expect(await screen.findByText(other)).toBeInTheDocument();
  });

  it('does not call the server without a token', async () => {
    const api = mockApi(signedOut);
    renderVerify('/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not verify your e-mail address' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/verify-email')).toHaveLength(0);
  });
});
