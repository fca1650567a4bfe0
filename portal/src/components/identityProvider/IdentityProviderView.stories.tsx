import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SSO_ATTRIBUTES_READ, type IdentityProviderDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { IdentityProviderView } from './IdentityProviderView.tsx';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const DAY = 86_400_000;
const base = 'https://training.example/api/auth/sso/7';

const provider: IdentityProviderDto = {
  id: 7,
  kind: 'saml',
  entityId: 'https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/',
  ssoUrl: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/saml2',
  certificateExpiresAt: NOW + 400 * DAY,
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

const EMPTY = { kind: 'saml', metadataXml: '', entityId: '', ssoUrl: '', certificate: '', issuer: '', clientId: '', clientSecret: '' } as const;

const oidcProvider: IdentityProviderDto = {
  ...provider,
  kind: 'oidc',
  entityId: '',
  ssoUrl: '',
  certificateExpiresAt: null,
  issuer: 'https://oak-academy.okta.com',
  clientId: '0oa1b2c3d4e5f6g7h8i9',
};

const meta = {
  title: 'Portal/IdentityProviderView',
  component: IdentityProviderView,
  decorators: [portalTheme],
  args: {
    owner: 'school',
    provider: { state: 'ready', data: null },
    now: NOW,
    values: EMPTY,
    errors: {},
    onChange: fn(),
    onSave: fn(),
    saving: false,
    onRemove: fn(),
    removing: false,
    testUrl: '/api/schools/3/identity-provider/test?returnTo=%2Fschool',
    justTested: false,
    onRequiredChange: fn(),
    requiredSaving: false,
  },
} satisfies Meta<typeof IdentityProviderView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotConnected: Story = {};
export const Connected: Story = { args: { provider: { state: 'ready', data: provider } } };
export const CertificateExpiresSoon: Story = { args: { provider: { state: 'ready', data: { ...provider, certificateExpiresAt: NOW + 12 * DAY } } } };
export const CertificateExpired: Story = { args: { provider: { state: 'ready', data: { ...provider, certificateExpiresAt: NOW - 2 * DAY } } } };
export const Refused: Story = {
  args: {
    values: { ...EMPTY, metadataXml: '<md:EntityDescriptor' },
    errors: { metadataXml: 'The metadata is not well-formed XML.' },
  },
};
export const ForATrust: Story = { args: { owner: 'trust', provider: { state: 'ready', data: provider } } };
export const Loading: Story = { args: { provider: { state: 'loading' } } };
export const Failed: Story = { args: { provider: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };
export const OidcForm: Story = { args: { values: { ...EMPTY, kind: 'oidc', issuer: 'https://oak-academy.okta.com', clientId: '0oa1b2c3d4e5f6g7h8i9' } } };
export const OidcConnected: Story = { args: { provider: { state: 'ready', data: oidcProvider }, values: { ...EMPTY, kind: 'oidc' } } };
export const OidcRefused: Story = {
  args: {
    values: { ...EMPTY, kind: 'oidc', issuer: 'https://login.example.org', clientId: 'atrium' },
    errors: { issuer: 'No OpenID Connect discovery at https://login.example.org/.well-known/openid-configuration (unexpected HTTP response status code).' },
  },
};

const passed = { at: NOW - 5 * 60_000, ok: true, email: 'j.okafor@oak-academy.sch.uk', name: 'Joy Okafor', failure: null };
export const TestPassed: Story = { args: { provider: { state: 'ready', data: { ...provider, lastTest: passed } } } };
export const Required: Story = { args: { provider: { state: 'ready', data: { ...provider, lastTest: passed, required: true } } } };
export const TestFailed: Story = {
  args: {
    justTested: true,
    provider: {
      state: 'ready',
      data: {
        ...provider,
        lastTest: {
          at: NOW - 60_000,
          ok: false,
          email: 'joy.okafor@oakacademy.onmicrosoft.com',
          name: 'Joy Okafor',
          failure: { code: 'sso_domain', detail: "joy.okafor@oakacademy.onmicrosoft.com is not on a proven domain of connection 7's organisation" },
        },
      },
    },
  },
};
