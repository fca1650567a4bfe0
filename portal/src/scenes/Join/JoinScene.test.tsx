import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { JoinScene, UNKNOWN_INVITE } from './JoinScene.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-ab';
const signedIn = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const signedOut = { 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig) };
const preview = (body: object) => ({ [`GET /api/invites/${TOKEN}`]: ok(body) });
const renderJoin = (route = `/join?token=${TOKEN}`) => renderScene(<JoinScene />, { route, path: '/join' });
const school = { id: 4, name: "St Mary's Primary", country: 'GB', createdAt: '2026-01-01T00:00:00.000Z' };

describe('JoinScene', () => {
  it('shows the school and joins a signed-in user, then goes to the dashboard', async () => {
    const api = mockApi({
      ...signedIn,
      ...preview({ schoolName: "St Mary's Primary", valid: true, reason: null }),
      [`POST /api/invites/${TOKEN}/accept`]: { status: 201, body: { school, role: 'member', joined: true } },
    });
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: "Join St Mary's Primary" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "Join St Mary's Primary" }));
    expect((await screen.findAllByText("Welcome to St Mary's Primary")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST', `/api/invites/${TOKEN}/accept`)).toHaveLength(1);
  });

  it('sends a visitor to /auth with a next link back to the invite', async () => {
    const api = mockApi({ ...signedOut, ...preview({ schoolName: "St Mary's Primary", valid: true, reason: null }) });
    renderJoin();
    const link = await screen.findByRole('link', { name: 'Sign in or register to join' });
    expect(link).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/join?token=${TOKEN}`)}`);
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers a visitor invited by e-mail to create the account with the invited address, or to sign in', async () => {
    const invitee = { email: 'ann@stmarys.sch.uk', firstName: 'Ann', lastName: 'Brown' };
    mockApi({ ...signedOut, ...preview({ schoolName: "St Mary's Primary", valid: true, reason: null, invitee }) });
    renderJoin();
    expect(await screen.findByText('ann@stmarys.sch.uk')).toBeInTheDocument();
    const back = `/auth?next=${encodeURIComponent(`/join?token=${TOKEN}`)}`;
    expect(screen.getByRole('link', { name: 'Create your account to join' })).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: 'I already have an account: sign in' })).toHaveAttribute('href', back);
    fireEvent.click(screen.getByRole('link', { name: 'Create your account to join' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(back));
  });

  it('tells someone signed in with another address that the invitation is not theirs, and offers to sign out', async () => {
    const invitee = { email: 'ann@stmarys.sch.uk', firstName: 'Ann', lastName: 'Brown' };
    const api = mockApi({
      ...signedIn,
      ...preview({ schoolName: "St Mary's Primary", valid: true, reason: null, invitee }),
      'POST /api/logout': ok({ message: 'Logged out' }),
    });
    renderJoin();
    expect(await screen.findByRole('note')).toHaveTextContent(
      `This invitation was sent to ann@stmarys.sch.uk, and only that account can accept it. You are signed in as ${learner.email}.`,
    );
    expect(screen.queryByRole('button', { name: "Join St Mary's Primary" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out, then continue as ann@stmarys.sch.uk' }));
    expect(await screen.findByRole('link', { name: 'Create your account to join' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/invites/${TOKEN}/accept`)).toHaveLength(0);
  });

  it('explains an expired, withdrawn or used-up link with the reason the server gives', async () => {
    const reason = 'This invite link has expired. Ask your school manager for a new one.';
    mockApi({ ...signedIn, ...preview({ schoolName: "St Mary's Primary", valid: false, reason }) });
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: "This invite to St Mary's Primary cannot be used" })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  });

  it('says an unknown token is not valid', async () => {
    mockApi({ ...signedOut, [`GET /api/invites/${TOKEN}`]: fail(404, UNKNOWN_INVITE) });
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: 'This invite link is not valid' })).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN_INVITE)).toBeInTheDocument();
  });

  it('does not call the server for a missing or malformed token', async () => {
    const api = mockApi(signedOut);
    renderJoin('/join?token=short');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invite link is not valid' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/invites'))).toHaveLength(0);
  });

  it('shows the server message when accepting fails (already in another school)', async () => {
    mockApi({
      ...signedIn,
      ...preview({ schoolName: "St Mary's Primary", valid: true, reason: null }),
      [`POST /api/invites/${TOKEN}/accept`]: fail(409, 'You are already a member of another school.'),
    });
    renderJoin();
    fireEvent.click(await screen.findByRole('button', { name: "Join St Mary's Primary" }));
    expect((await screen.findAllByText('You are already a member of another school.')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/join');
  });
});
