import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { AuthScene } from './AuthScene.tsx';

const withProviders = (signInProviders: Array<'google' | 'microsoft'>) => ({
  'GET /api/user': fail(401, 'Not signed in'),
  'GET /api/config': ok({ ...publicConfig, signInProviders }),
});

describe('Continue with Google / Microsoft', () => {
  it('shows a button per configured provider on both tabs, returning to the page asked for', async () => {
    mockApi(withProviders(['google', 'microsoft']));
    renderScene(<AuthScene />, { route: '/auth?next=%2Fcourses%2F3', path: '/auth' });
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/auth/google/start?returnTo=%2Fcourses%2F3');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' })).toHaveAttribute('href', '/api/auth/microsoft/start?returnTo=%2Fcourses%2F3');
    await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('shows no button for a provider that is not configured, and none at all without any', async () => {
    mockApi(withProviders(['microsoft']));
    const { unmount } = renderScene(<AuthScene />, { route: '/auth', path: '/auth' });
    expect(await screen.findByRole('link', { name: 'Continue with Microsoft' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    unmount();
    mockApi(withProviders([]));
    renderScene(<AuthScene />, { route: '/auth', path: '/auth' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(/Continue with/)).not.toBeInTheDocument();
    expect(screen.queryByText('or with your e-mail address')).not.toBeInTheDocument();
  });

  it('says why a provider sign-in was refused, in a toast and beside the buttons, then drops the code from the address', async () => {
    mockApi(withProviders(['google']));
    renderScene(<AuthScene />, { route: '/auth?signInError=expired', path: '/auth' });
    expect(await screen.findByText('Sign-in did not complete')).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('alert')).toHaveTextContent('That sign-in link has expired or was already used. Please start again.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
  });

  it('gives a general message for a code it does not know', async () => {
    mockApi(withProviders([]));
    renderScene(<AuthScene />, { route: '/auth?signInError=something-new', path: '/auth' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in did not work this time. Please try again.');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('gives the general message for ?signInError=%s', async (code) => {
    mockApi(withProviders([]));
    renderScene(<AuthScene />, { route: `/auth?signInError=${code}`, path: '/auth' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in did not work this time. Please try again.');
  });
});
