import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CredentialJwtPayloadDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { VerifyView } from './VerifyView.tsx';

const ORIGIN = 'https://learn.atrium.example';
const validFrom = '2026-11-21T10:15:30Z';
const id = 'urn:uuid:1b5f7b1e-0c55-4b7a-9a55-0a3c3b3f2f10';
const issuer = `${ORIGIN}/api/credentials/issuer`;
const credential: CredentialJwtPayloadDto = {
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
  id,
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  name: 'Podcasting for Schools',
  issuer: { id: issuer, type: ['Profile'], name: 'Atrium School Marketing', url: ORIGIN },
  validFrom,
  credentialSubject: {
    id: 'urn:uuid:8d8b5c1c-5d4e-4f0f-8a7d-2a3b4c5d6e7f',
    type: ['AchievementSubject'],
    identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }],
    achievement: {
      id: `${ORIGIN}/api/credentials/achievements/3`,
      type: ['Achievement'],
      achievementType: 'CertificateOfCompletion',
      name: 'Podcasting for Schools',
      description: 'Planning, recording and publishing a school podcast.',
      criteria: { narrative: 'Watched every module and passed the final knowledge check.' },
    },
  },
  credentialStatus: { id: `${ORIGIN}/api/credentials/status`, type: '1EdTechRevocationList' },
  iss: issuer,
  jti: id,
  sub: 'urn:uuid:8d8b5c1c-5d4e-4f0f-8a7d-2a3b4c5d6e7f',
  nbf: Date.parse(validFrom) / 1000,
};

const meta = {
  title: 'Portal/VerifyView',
  component: VerifyView,
  decorators: [portalTheme],
  args: { state: { phase: 'idle' }, onCheck: fn(), onReset: fn() },
} satisfies Meta<typeof VerifyView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChecked: Story = {};
export const Checking: Story = { args: { state: { phase: 'checking' } } };
export const Valid: Story = { args: { state: { phase: 'done', verdict: { status: 'valid', credential, revocationChecked: true } } } };

/** The revocation list could not be fetched: the signature still proves who issued it, and the panel says what was not checked. */
export const ValidRevocationUnchecked: Story = {
  args: { state: { phase: 'done', verdict: { status: 'valid', credential, revocationChecked: false } } },
};
export const Revoked: Story = { args: { state: { phase: 'done', verdict: { status: 'revoked', credential, revocationChecked: true } } } };
export const Altered: Story = { args: { state: { phase: 'done', verdict: { status: 'altered', credential } } } };
export const NotACredential: Story = { args: { state: { phase: 'done', verdict: { status: 'unreadable' } } } };
/** Opened from a certificate's QR code: the number names no certificate. */
export const NumberNotFound: Story = { args: { state: { phase: 'number', problem: 'unknown', number: 'ATR-0000-0000-0000-0000' } } };
