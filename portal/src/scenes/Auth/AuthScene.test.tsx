import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERROR_MESSAGES } from '@atrium/common';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { AuthScene } from './AuthScene.tsx';

const base = {
  'GET /api/user': fail(401, 'Not signed in'),
  'GET /api/config': ok(publicConfig),
};

const renderAuth = () => renderScene(<AuthScene />, { route: '/auth', path: '/auth' });

describe('Login', () => {
  it('shows the welcome heading and both tabs', async () => {
    mockApi(base);
    renderAuth();
    expect(await screen.findByRole('heading', { name: 'Welcome to Atrium Test Training' })).toBeInTheDocument();
    expect(screen.getByText('Register for free to access your courses for school marketing')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toBeInTheDocument();
  });

  it('requires email and password before calling the server', async () => {
    const api = mockApi(base);
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('says "Login failed" with the server message once, beside the form, not again in a toast', async () => {
    mockApi({ ...base, 'POST /api/login': fail(401, 'Invalid email or password') });
    renderAuth();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'priya@school.example');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed: Invalid email or password')).toBeInTheDocument();
    // No toast titled "Login failed" follows (it would repeat the sentence over the header).
    await expect(screen.findByText('Login failed', { exact: true }, { timeout: 600 })).rejects.toThrow();
    expect(screen.getAllByText(/Invalid email or password/)).toHaveLength(1);
  });

  it('sends staff of a school that requires its own sign-in on to it, with their address', async () => {
    mockApi({ ...base, 'POST /api/login': fail(403, SIGN_IN_ERROR_MESSAGES.sso_required, 'sso_required') });
    renderAuth();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'priya@oak.sch.uk');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const form = screen.getByRole('form', { name: 'Login' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your school signs its staff in with its own sign-in.');
    expect(within(form).queryByText(/^Login failed:/)).not.toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Continue to your school’s sign-in' })).toHaveAttribute(
      'href',
      '/api/auth/sso/start?email=priya%40oak.sch.uk&returnTo=%2F',
    );
  });

  it('says why sign-in failed beside the form too, as an alert, until the next attempt', async () => {
    mockApi({ ...base, 'POST /api/login': fail(401, 'Invalid email or password') });
    renderAuth();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'priya@school.example');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const form = screen.getByRole('form', { name: 'Login' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed: Invalid email or password');

    await userEvent.clear(screen.getByLabelText(/^Password/, { selector: 'input' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(within(form).queryByText(/^Login failed:/)).not.toBeInTheDocument();
  });

  it('signs in and goes home', async () => {
    const api = mockApi({ ...base, 'POST /api/login': ok(learner) });
    renderAuth();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'Priya@School.example ');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST', '/api/login')[0]?.body).toEqual({ email: 'priya@school.example', password: 'secret-pass' });
  });
});

describe('Register', () => {
  it('checks the e-mail and the password length with the shared schema', async () => {
    const api = mockApi(base);
    renderAuth();
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
  });

  it('toasts "Registration failed" with the server message', async () => {
    mockApi({ ...base, 'POST /api/register': fail(409, 'An account with this email already exists. Please sign in instead.') });
    renderAuth();
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await userEvent.type(screen.getByLabelText(/^Email/), 'priya@school.example');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists. Please sign in instead.')).toBeInTheDocument();
  });

  it('creates the account with the names and goes home', async () => {
    const api = mockApi({ ...base, 'POST /api/register': { status: 201, body: learner } });
    renderAuth();
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await userEvent.type(screen.getByLabelText('First name'), 'Priya');
    await userEvent.type(screen.getByLabelText('Last name'), 'Shah');
    await userEvent.type(screen.getByLabelText(/^Email/), 'priya@school.example');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST', '/api/register')[0]?.body).toEqual({
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya@school.example',
      password: 'secret-pass',
    });
  });
});

describe('Register from a school invitation (issue 34, item 9)', () => {
  it('opens on Register with the invited address and name filled in', async () => {
    const api = mockApi({ ...base, 'POST /api/register': { status: 201, body: learner } });
    const next = '/join?token=AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-ab';
    renderScene(<AuthScene />, {
      route: {
        pathname: '/auth',
        search: `?next=${encodeURIComponent(next)}`,
        state: { invitee: { email: 'ann@stmarys.sch.uk', firstName: 'Ann', lastName: null }, tab: 'register' },
      },
      path: '/auth',
    });
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
    expect(screen.getByLabelText('Last name')).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@stmarys.sch.uk');
    expect(screen.getByText('The address your invitation was sent to: joining with it confirms it.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(next));
    expect(api.callsTo('POST', '/api/register')[0]?.body).toEqual({ firstName: 'Ann', lastName: '', email: 'ann@stmarys.sch.uk', password: 'secret-pass' });
  });

  it('ignores state that is not an invitee', async () => {
    mockApi(base);
    renderScene(<AuthScene />, { route: { pathname: '/auth', state: { invitee: { email: 42 }, tab: 'register' } }, path: '/auth' });
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Forgot password', () => {
  it('opens the Reset Password dialog and always gives the same answer', async () => {
    const api = mockApi({ ...base, 'POST /api/forgot-password': ok({ message: 'whatever the server says' }) });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(dialog).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'priya@school.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Reset link sent')).toBeInTheDocument();
    expect(screen.getByText("If an account exists with that email, you'll receive a password reset link.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/forgot-password')[0]?.body).toEqual({ email: 'priya@school.example' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says inside the dialog why no link went, keeping the address to send again', async () => {
    mockApi({ ...base, 'POST /api/forgot-password': fail(429, 'Too many attempts. Please wait a moment and try again.') });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'priya@school.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a moment and try again.');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('priya@school.example');
  });

  it('forgets an earlier refusal when opened again', async () => {
    mockApi({ ...base, 'POST /api/forgot-password': fail(503, '') });
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'priya@school.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The reset link could not be sent. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be cancelled', async () => {
    mockApi(base);
    renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Returning after sign-in (next)', () => {
  const signIn = async () => {
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'priya@school.example');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  };

  it('goes back to a same-site page such as an invite link', async () => {
    mockApi({ ...base, 'POST /api/login': ok(learner) });
    renderScene(<AuthScene />, { route: `/auth?next=${encodeURIComponent('/join?token=abc')}`, path: '/auth' });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/join?token=abc'));
  });

  it('ignores a next that leaves the site', async () => {
    mockApi({ ...base, 'POST /api/login': ok(learner) });
    renderScene(<AuthScene />, { route: `/auth?next=${encodeURIComponent('//evil.example/x')}`, path: '/auth' });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
