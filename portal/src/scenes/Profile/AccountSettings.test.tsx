import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { ProfileScene } from './ProfileScene.tsx';

const saved = vi.hoisted(() => ({ files: [] as { name: string; size: number }[] }));
vi.mock('../../components/saveFile.ts', () => ({ saveFile: (blob: Blob, name: string) => saved.files.push({ name, size: blob.size }) }));

const base = (extra = {}) => mockApi({ 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig), ...extra });
const renderProfile = () => renderScene(<ProfileScene />, { route: '/profile', path: '/profile' });
const password = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('Profile: password', () => {
  it('checks the new password with the shared schema, shows a wrong current password on its field, then changes it', async () => {
    let attempts = 0;
    const api = base({
      'POST /api/user/password': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Your current password is not correct', errors: { currentPassword: 'Your current password is not correct' } } }
          : ok({ message: 'Password changed. Your other devices have been signed out.' }),
    });
    renderProfile();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(password(/^Current password/), 'old-secret');
    await userEvent.type(password(/^New password/), '123');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(/at least 6 characters long/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/password')).toHaveLength(0);

    await userEvent.type(password(/^New password/), '4567');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not correct')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/password').at(-1)?.body).toEqual({ currentPassword: 'old-secret', newPassword: '1234567' });
    expect(password(/^Current password/)).toHaveValue('');
  });
});

describe('Profile: your data', () => {
  it('downloads my data as the file the server names', async () => {
    saved.files.length = 0;
    const api = base();
    const fetchMock = api.fetchMock;
    fetchMock.mockImplementationOnce(fetchMock.getMockImplementation()!);
    const answer = new Response('{"profile":{}}', {
      status: 200,
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="atrium-my-data-2026-11-25.json"' },
    });
    renderProfile();
    await screen.findByRole('button', { name: /Download my data/ });
    fetchMock.mockResolvedValueOnce(answer);
    await userEvent.click(screen.getByRole('button', { name: /Download my data/ }));
    expect(await screen.findByText('Your data is downloaded')).toBeInTheDocument();
    expect(saved.files).toEqual([{ name: 'atrium-my-data-2026-11-25.json', size: 14 }]);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/user/export');
  });

  it('deletes the account only after the dialog is confirmed with the password', async () => {
    let attempts = 0;
    const api = base({
      'DELETE /api/user': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Your password is not correct', errors: { password: 'Your password is not correct' } } }
          : ok({ message: 'Your account has been deleted.' }),
    });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    // Cancel first: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/user')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /Delete my account/ }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete my account' }));
    expect(await within(again).findByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user')).toHaveLength(0);

    await userEvent.type(within(again).getByLabelText(/^Your password/, { selector: 'input' }), 'nope');
    await userEvent.click(within(again).getByRole('radio', { name: /Revoke my certificates/ }));
    await userEvent.click(within(again).getByRole('button', { name: 'Delete my account' }));
    expect(await within(again).findByText('Your password is not correct')).toBeInTheDocument();

    await userEvent.click(within(again).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('DELETE', '/api/user').at(-1)?.body).toEqual({ password: 'nope', certificates: 'revoke' });
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
  });

  it('deletes an account without a password without asking for one, and offers a fresh sign-in when the server wants one', async () => {
    let attempts = 0;
    const api = base({
      'GET /api/user/sign-ins': ok({ hasPassword: false, signIns: [{ provider: 'google', email: 'sam@oak.sch.uk', linkedAt: '2026-11-01T09:00:00.000Z' }] }),
      'DELETE /api/user': () =>
        ++attempts === 1
          ? fail(403, 'For your safety, sign in again with the sign-in you already have, then delete your account within 10 minutes.')
          : ok({ message: 'Your account has been deleted.' }),
    });
    renderProfile();
    await screen.findByText('sam@oak.sch.uk');
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText(/^Your password/, { selector: 'input' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/has no password/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/sign in again/);
    expect(within(dialog).getByRole('link', { name: 'Sign in again with Google' })).toHaveAttribute('href', expect.stringContaining('/api/auth/google/start'));
    expect(api.callsTo('DELETE', '/api/user')[0]?.body).toEqual({ certificates: 'keep' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
  });

  it('starts every opening afresh: no password typed, no earlier refusal', async () => {
    base({ 'DELETE /api/user': fail(409, 'You are the only admin. Make someone else an admin before deleting your account.') });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText(/^Your password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Revoke my certificates/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/only admin/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: /Delete my account/ }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(again).getByLabelText(/^Your password/, { selector: 'input' })).toHaveValue('');
    expect(within(again).getByRole('radio', { name: /Keep my certificates/ })).toBeChecked();
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks an account made by a school sign-in, with no Google or Microsoft linked, to sign in again without offering a provider', async () => {
    base({
      'GET /api/user/sign-ins': ok({ hasPassword: false, signIns: [] }),
      'DELETE /api/user': fail(403, 'For your safety, sign in again with the sign-in you already have, then delete your account within 10 minutes.'),
    });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText(/has no password/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/sign in again/);
    expect(within(dialog).queryByRole('link', { name: /Sign in again with/ })).not.toBeInTheDocument();
  });

  it('shows the server refusing the last admin inside the dialog', async () => {
    base({ 'DELETE /api/user': fail(409, 'You are the only admin. Make someone else an admin before deleting your account.') });
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: /Delete my account/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText(/^Your password/, { selector: 'input' }), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/only admin/);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });
});
