import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { goTo } from '../../session/browserNavigation.ts';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { LinkedSignIns } from './LinkedSignIns.tsx';

vi.mock('../../session/browserNavigation.ts', () => ({ goTo: vi.fn() }));

const base = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };
const google = { provider: 'google', email: 'priya@school.example', linkedAt: Date.UTC(2026, 0, 5), lastUsedAt: Date.UTC(2026, 1, 1) };
const renderLinks = () => renderScene(<LinkedSignIns />, { route: '/profile', path: '/profile' });

describe('Linked sign-ins', () => {
  it('lists them and removes one when there is another way in', async () => {
    let signIns = [google, { ...google, provider: 'microsoft' }];
    const api = mockApi({
      ...base,
      'GET /api/user/sign-ins': () => ok({ hasPassword: false, signIns }),
      'DELETE /api/user/sign-ins/google': () => {
        signIns = signIns.filter((s) => s.provider !== 'google');
        return ok({ message: 'Sign-in removed' });
      },
    });
    renderLinks();
    expect(await screen.findByText('Google')).toBeInTheDocument();
    expect(screen.getAllByText('Linked 5 January 2026 · last used 1 February 2026')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Google sign-in' }));
    expect(await screen.findByText('Google sign-in removed')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/sign-ins/google')).toHaveLength(1);
    // Microsoft is now the only way in: it cannot be removed.
    expect(await screen.findByText(/This is your only way to sign in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Microsoft sign-in' })).toBeDisabled();
  });

  it('shows nothing when no sign-in is linked, and says so when the list cannot be loaded', async () => {
    const api = mockApi({ ...base, 'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [] }) });
    const { unmount } = renderLinks();
    // The list is asked for and answered (the heading stands while it loads), then nothing is shown.
    await waitFor(() => expect(api.callsTo('GET', '/api/user/sign-ins')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Linked sign-ins' })).not.toBeInTheDocument());
    unmount();
    mockApi({ ...base, 'GET /api/user/sign-ins': fail(503, 'The database is busy.') });
    renderLinks();
    expect(await screen.findByText('The database is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers to connect the configured providers not linked yet, and says when one was linked', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok({ ...publicConfig, signInProviders: ['google', 'microsoft'] }),
      'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [google] }),
    });
    renderScene(<LinkedSignIns />, { route: '/profile?linked=google', path: '/profile' });
    expect(await screen.findByText('Google sign-in linked')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect Microsoft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Google sign-in' })).toBeEnabled();
  });

  it('shows why linking was refused', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok({ ...publicConfig, signInProviders: ['google'] }),
      'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [] }),
    });
    renderScene(<LinkedSignIns />, { route: '/profile?signInError=linked_elsewhere', path: '/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent('already linked to another Atrium account');
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
  });

  it('asks for the password before going to the provider, and shows a wrong one on its field', async () => {
    vi.mocked(goTo).mockClear();
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok({ ...publicConfig, signInProviders: ['google'] }),
      'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [] }),
      'POST /api/user/sign-ins/google/link': (request) =>
        (request.body as { password?: string }).password === 'right-password'
          ? ok({ url: '/api/auth/google/start?link=1&returnTo=%2Fprofile' })
          : { status: 400, body: { message: 'Your password is not correct', id: 'bad_request', errors: { password: 'Your password is not correct' } } },
    });
    renderLinks();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Google' }));
    expect(await screen.findByText('Your password is not correct')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Your password'));
    await userEvent.type(screen.getByLabelText('Your password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Google' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/api/auth/google/start?link=1&returnTo=%2Fprofile'));
    expect(api.callsTo('POST', '/api/user/sign-ins/google/link').map((call) => call.body)).toEqual([{ password: 'wrong' }, { password: 'right-password' }]);
  });

  it('without a password, offers a fresh sign-in when the last one is too old', async () => {
    vi.mocked(goTo).mockClear();
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok({ ...publicConfig, signInProviders: ['google', 'microsoft'] }),
      'GET /api/user/sign-ins': ok({ hasPassword: false, signIns: [google] }),
      'POST /api/user/sign-ins/microsoft/link': fail(
        403,
        'For your safety, sign in again with the sign-in you already have, then connect Microsoft within 10 minutes.',
      ),
    });
    renderLinks();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Microsoft' }));
    expect(await screen.findByText(/For your safety, sign in again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again with Google' })).toHaveAttribute('href', '/api/auth/google/start?returnTo=%2Fprofile');
    expect(goTo).not.toHaveBeenCalled();
  });
});
