import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { checkNewPassword, ResetPasswordScene } from './ResetPasswordScene.tsx';

const base = { 'GET /api/user': fail(401, 'Not signed in'), 'GET /api/config': ok(publicConfig) };
const renderReset = (route: string) => renderScene(<ResetPasswordScene />, { route, path: '/reset-password' });

async function fill(newPassword: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText('New password', { selector: 'input' }), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('checkNewPassword', () => {
  it('checks that the fields match, then the length', () => {
    expect(checkNewPassword('abcdef', 'abcdeg')?.title).toBe("Passwords don't match");
    expect(checkNewPassword('abc', 'abc')?.title).toBe('Password too short');
    expect(checkNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});

describe('ResetPasswordScene', () => {
  it('sends a visitor without a token to /auth with the invalid-link message', async () => {
    mockApi(base);
    renderReset('/reset-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(await screen.findByText('The password reset link is invalid or missing.')).toBeInTheDocument();
  });

  it('says when the passwords do not match, without calling the server', async () => {
    const api = mockApi(base);
    renderReset('/reset-password?token=abc');
    await fill('secret-one', 'secret-two');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getAllByText('Please ensure both password fields match.').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('says when the password is too short', async () => {
    const api = mockApi(base);
    renderReset('/reset-password?token=abc');
    await fill('abc', 'abc');
    expect(await screen.findByText('Password too short')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 6 characters long.').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('has show/hide toggles on both fields', async () => {
    mockApi(base);
    renderReset('/reset-password?token=abc');
    const input = await screen.findByLabelText('New password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getAllByRole('button', { name: /password/ })).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Back to Login/ })).toHaveAttribute('href', '/auth');
  });

  it('resets the password with the token and goes to /auth', async () => {
    const api = mockApi({ ...base, 'POST /api/reset-password': ok({ message: 'done' }) });
    renderReset('/reset-password?token=tok-123');
    await fill('new-secret', 'new-secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(api.callsTo('POST', '/api/reset-password')[0]?.body).toEqual({ token: 'tok-123', newPassword: 'new-secret', removeSignIns: false });
    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(screen.getByText('Your password has been updated. You can now login with your new password.')).toBeInTheDocument();
  });

  it('offers to remove the linked Google / Microsoft sign-ins too', async () => {
    const api = mockApi({ ...base, 'POST /api/reset-password': ok({ message: 'done' }) });
    renderReset('/reset-password?token=tok-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Also remove linked Google \/ Microsoft sign-ins/ }));
    await fill('new-secret', 'new-secret');
    await waitFor(() => expect(api.callsTo('POST', '/api/reset-password')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/reset-password')[0]?.body).toEqual({ token: 'tok-123', newPassword: 'new-secret', removeSignIns: true });
  });

  it('shows the server message when the reset fails', async () => {
    mockApi({ ...base, 'POST /api/reset-password': fail(400, 'This password reset link is invalid or has expired. Please request a new one.') });
    renderReset('/reset-password?token=old');
    await fill('new-secret', 'new-secret');
    expect(await screen.findByText('Reset failed')).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeInTheDocument();
  });
});
