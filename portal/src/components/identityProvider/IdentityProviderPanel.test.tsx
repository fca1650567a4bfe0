import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SSO_ATTRIBUTES_READ } from '@atrium/common';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { IdentityProviderPanel } from './IdentityProviderPanel.tsx';

const base = 'https://atrium.test/api/auth/sso/3';
const connected = {
  id: 3,
  kind: 'saml',
  entityId: 'https://idp.oak.test',
  ssoUrl: 'https://idp.oak.test/sso',
  certificateExpiresAt: Date.now() + 400 * 86_400_000,
  issuer: null,
  clientId: null,
  redirectUri: `${base}/callback`,
  spEntityId: `${base}/metadata`,
  acsUrl: `${base}/acs`,
  metadataUrl: `${base}/metadata`,
  startUrl: `${base}/start`,
  attributes: SSO_ATTRIBUTES_READ,
  required: false,
  lastTest: null,
};

describe('IdentityProviderPanel', () => {
  it('connects a provider from its settings, shows the server’s refusal beside the field, then what to give IT', async () => {
    let saved = false;
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/identity-provider': () => ok({ provider: saved ? connected : null }),
      'PUT /api/schools/4/identity-provider': ({ body }) => {
        const input = body as { ssoUrl?: string };
        if (input.ssoUrl?.startsWith('http:'))
          return {
            status: 400,
            body: {
              message: 'The single sign-on URL must start with https://.',
              id: 'bad_request',
              errors: { ssoUrl: 'The single sign-on URL must start with https://.' },
            },
          };
        saved = true;
        return ok(connected);
      },
    });
    const user = userEvent.setup();
    renderScene(<IdentityProviderPanel root="/api/schools/4" owner="school" />);
    await user.click(await screen.findByRole('button', { name: 'Enter the settings by hand' }));
    await user.type(screen.getByRole('textbox', { name: 'Entity ID' }), 'https://idp.oak.test');
    await user.type(screen.getByRole('textbox', { name: 'Single sign-on URL' }), 'http://idp.oak.test/sso');
    await user.type(screen.getByRole('textbox', { name: 'Signing certificate' }), 'PEM');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The single sign-on URL must start with https://.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/schools/4/identity-provider')[0]?.body).toEqual({
      kind: 'saml',
      entityId: 'https://idp.oak.test',
      ssoUrl: 'http://idp.oak.test/sso',
      certificate: 'PEM',
    });
    const url = screen.getByRole('textbox', { name: 'Single sign-on URL' });
    await user.clear(url);
    await user.type(url, 'https://idp.oak.test/sso');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(`${base}/acs`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Connected', { exact: true })).toBeInTheDocument());
    expect(screen.getByText(/^Valid until/)).toBeInTheDocument();
  });

  it('connects an OpenID Connect issuer, sends the secret once and never shows it', async () => {
    const oidc = { ...connected, kind: 'oidc', entityId: '', ssoUrl: '', certificateExpiresAt: null, issuer: 'https://idp.oak.test', clientId: 'atrium' };
    let saved = false;
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/identity-provider': () => ok({ provider: saved ? oidc : null }),
      'PUT /api/schools/4/identity-provider': () => {
        saved = true;
        return ok(oidc);
      },
    });
    const user = userEvent.setup();
    renderScene(<IdentityProviderPanel root="/api/schools/4" owner="school" />);
    await user.click(await screen.findByRole('radio', { name: 'OpenID Connect' }));
    await user.type(screen.getByRole('textbox', { name: 'Issuer' }), 'https://idp.oak.test');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'atrium');
    await user.type(screen.getByLabelText('Client secret'), 's3cret-value');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/schools/4/identity-provider')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/schools/4/identity-provider')[0]?.body).toEqual({
      kind: 'oidc',
      issuer: 'https://idp.oak.test',
      clientId: 'atrium',
      clientSecret: 's3cret-value',
    });
    expect(await screen.findByText(`${base}/callback`)).toBeInTheDocument();
    expect(screen.getByText('Stored encrypted; never shown again')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('s3cret-value')).toBeNull();
  });

  it('offers "Test sign-in" back to this page, and requiring the provider only once a test passed', async () => {
    let provider: Record<string, unknown> = connected;
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/identity-provider': () => ok({ provider }),
      'PUT /api/schools/4/identity-provider/required': ({ body }) => {
        provider = { ...provider, required: (body as { required: boolean }).required };
        return ok(provider);
      },
    });
    const user = userEvent.setup();
    const view = renderScene(<IdentityProviderPanel root="/api/schools/4" owner="school" />, { route: '/school?tab=1&ssoTest=failed', path: '/school' });
    expect(await screen.findByText('Not tested since these settings were saved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Test sign-in' })).toHaveAttribute('href', '/api/schools/4/identity-provider/test?returnTo=%2Fschool%3Ftab%3D1');
    const requireBox = screen.getByRole('checkbox', { name: /Staff must sign in with the school’s provider/ });
    expect(requireBox).toBeDisabled();
    view.unmount();

    provider = { ...connected, lastTest: { at: Date.now(), ok: true, email: 'joy@oak.sch.uk', name: 'Joy Okafor', failure: null } };
    renderScene(<IdentityProviderPanel root="/api/schools/4" owner="school" />, { route: '/school', path: '/school' });
    expect(await screen.findByText(/your provider signed in Joy Okafor, joy@oak.sch.uk/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Staff must sign in with the school’s provider/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/schools/4/identity-provider/required')[0]?.body).toEqual({ required: true }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Staff must sign in/ })).toBeChecked());
  });

  it('shows the checkbox as clicked at once, while the server has not answered, and as stored if it refuses', async () => {
    const provider = { ...connected, lastTest: { at: Date.now(), ok: true, email: 'joy@oak.sch.uk', name: 'Joy Okafor', failure: null } };
    let answer: ((response: unknown) => void) | null = null;
    mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/schools/4/identity-provider': ok({ provider }),
      'PUT /api/schools/4/identity-provider/required': () => new Promise((resolve) => (answer = resolve)),
    });
    renderScene(<IdentityProviderPanel root="/api/schools/4" owner="school" />, { route: '/school', path: '/school' });
    const box = await screen.findByRole('checkbox', { name: /Staff must sign in with the school’s provider/ });
    await waitFor(() => expect(box).toBeEnabled());
    // A plain DOM click, checked the same instant, as a browser test's check() does.
    act(() => box.click());
    expect(box).toBeChecked();
    await waitFor(() => expect(answer).not.toBeNull());
    expect(box).toBeChecked();
    await act(async () => answer!({ status: 409, body: { error: 'Run a test sign-in that passes first.' } }));
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByText('Not changed')).toBeInTheDocument();
  });
});
