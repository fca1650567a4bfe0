import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';

const base = { 'GET /api/user': ok(learner), 'GET /api/config': ok(publicConfig) };

describe('Sign out everywhere', () => {
  it('offers to remove the linked sign-ins too, then leaves for /auth', async () => {
    const api = mockApi({ ...base, 'POST /api/user/sign-out-everywhere': ok({ message: 'You have been signed out on every device.' }) });
    renderScene(<SignOutEverywhere />, { route: '/profile', path: '/profile' });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Also remove my linked Google \/ Microsoft sign-ins/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(api.callsTo('POST', '/api/user/sign-out-everywhere').map((call) => call.body)).toEqual([{ removeSignIns: true }]);
  });

  it("says the server's refusal (no password, the links are the only way in)", async () => {
    const refusal = 'Your linked sign-ins are your only way in. Set a password first (use "Forgot your password?" on the sign-in page), then remove them.';
    mockApi({ ...base, 'POST /api/user/sign-out-everywhere': fail(409, refusal) });
    renderScene(<SignOutEverywhere />, { route: '/profile', path: '/profile' });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Also remove/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
