import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { AuthScene } from '../Auth/AuthScene.tsx';
import { TrustScene } from './TrustScene.tsx';

const TOKEN = 'tok-123456789012345678901';

function visitorWithInvitation() {
  mockApi({
    'GET /api/user': fail(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig),
    [`GET /api/trusts/invites/${TOKEN}`]: ok({ trustName: 'Greenway Trust', email: 'head@greenway.test', problem: null }),
  });
  renderApp(
    <Routes>
      <Route path="/trust" element={<TrustScene />} />
      <Route path="/auth" element={<AuthScene />} />
    </Routes>,
    `/trust?invite=${TOKEN}`,
  );
}

/** Issue 53: the invited address fills in the sign-in and sign-up forms, as a school's invitation does. */
describe('a trust invitation opened signed out', () => {
  it('signs in with the invited address filled in, and comes back to the invitation', async () => {
    visitorWithInvitation();
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('head@greenway.test');
    expect(screen.getByTestId('location')).toHaveTextContent(`/auth?next=${encodeURIComponent(`/trust?invite=${TOKEN}`)}`);
  });

  it('creates the account with the invited address filled in', async () => {
    visitorWithInvitation();
    await userEvent.click(await screen.findByRole('link', { name: 'Create your account' }));
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('head@greenway.test');
  });
});
