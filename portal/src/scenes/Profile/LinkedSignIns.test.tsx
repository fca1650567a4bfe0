import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { LinkedSignIns } from './LinkedSignIns.tsx';

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
    mockApi({ ...base, 'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [] }) });
    const { unmount } = renderLinks();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Linked sign-ins' })).not.toBeInTheDocument();
    unmount();
    mockApi({ ...base, 'GET /api/user/sign-ins': fail(500, 'boom') });
    renderLinks();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });

  it('offers to connect the configured providers not linked yet, and says when one was linked', async () => {
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok({ ...publicConfig, signInProviders: ['google', 'microsoft'] }),
      'GET /api/user/sign-ins': ok({ hasPassword: true, signIns: [google] }),
    });
    renderScene(<LinkedSignIns />, { route: '/profile?linked=google', path: '/profile' });
    expect(await screen.findByText('Google sign-in linked')).toBeInTheDocument();
    const connect = await screen.findByRole('link', { name: 'Connect Microsoft' });
    expect(connect).toHaveAttribute('href', '/api/auth/microsoft/start?returnTo=%2Fprofile&link=1');
    expect(screen.queryByRole('link', { name: 'Connect Google' })).not.toBeInTheDocument();
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
    expect(await screen.findByRole('link', { name: 'Connect Google' })).toBeInTheDocument();
  });
});
