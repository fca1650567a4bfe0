import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SSO_ATTRIBUTES_READ, type IdentityProviderDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
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
  spEntityId: `${base}/metadata`,
  acsUrl: `${base}/acs`,
  metadataUrl: `${base}/metadata`,
  startUrl: `${base}/start`,
  attributes: SSO_ATTRIBUTES_READ,
};

const meta = {
  title: 'Portal/IdentityProviderView',
  component: IdentityProviderView,
  decorators: [portalTheme],
  args: {
    owner: 'school',
    state: 'ready',
    provider: null,
    now: NOW,
    values: { metadataXml: '', entityId: '', ssoUrl: '', certificate: '' },
    errors: {},
    onChange: fn(),
    onSave: fn(),
    saving: false,
    onRemove: fn(),
    removing: false,
  },
} satisfies Meta<typeof IdentityProviderView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotConnected: Story = {};
export const Connected: Story = { args: { provider } };
export const CertificateExpiresSoon: Story = { args: { provider: { ...provider, certificateExpiresAt: NOW + 12 * DAY } } };
export const CertificateExpired: Story = { args: { provider: { ...provider, certificateExpiresAt: NOW - 2 * DAY } } };
export const Refused: Story = {
  args: {
    values: { metadataXml: '<md:EntityDescriptor', entityId: '', ssoUrl: '', certificate: '' },
    errors: { metadataXml: 'The metadata is not well-formed XML.' },
  },
};
export const ForATrust: Story = { args: { owner: 'trust', provider } };
export const Loading: Story = { args: { state: 'loading' } };
export const Failed: Story = { args: { state: 'failed', failedText: 'The sign-in settings could not be loaded.' } };
