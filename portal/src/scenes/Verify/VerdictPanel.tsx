import type { CredentialJwtPayloadDto } from '@atrium/common';
import { credentialCpdHours, credentialLearnerName, type CredentialVerdict } from '@atrium/common/credentials/verify';
import { cpdHoursText } from '@atrium/common/rules/cpd';
import { formatInstantDate } from '@atrium/common/rules/dates';
import styled, { type DefaultTheme } from 'styled-components';
import { Icon, type IconName } from '../../components/Icon.tsx';
import type { CheckState } from './checkState.ts';

type Tone = 'success' | 'warning' | 'danger';

interface Message {
  tone: Tone;
  icon: IconName;
  title: string;
  text: string;
}

const MESSAGES: Record<CredentialVerdict['status'], Message> = {
  valid: {
    tone: 'success',
    icon: 'checkCircle',
    title: 'Valid',
    text: 'The digital signature matches a key we publish, the credential is within its dates and it has not been revoked.',
  },
  revoked: {
    tone: 'danger',
    icon: 'alert',
    title: 'Revoked',
    text: 'This credential was genuinely issued by us, but we have since revoked it. It is no longer valid.',
  },
  expired: { tone: 'warning', icon: 'clock', title: 'Expired', text: 'This credential was genuinely issued by us, but its validity period has ended.' },
  not_yet_valid: {
    tone: 'warning',
    icon: 'clock',
    title: 'Not valid yet',
    text: 'This credential was genuinely issued by us, but its validity period has not started.',
  },
  altered: {
    tone: 'danger',
    icon: 'alert',
    title: 'Altered',
    text: 'This credential has been changed since it was signed: its digital signature no longer matches. Do not rely on anything it says.',
  },
  not_ours: {
    tone: 'warning',
    icon: 'shield',
    title: 'Not issued by us',
    text: 'This credential was not signed with any key we publish, so we cannot vouch for it. Check it with the organisation that issued it.',
  },
  unreadable: {
    tone: 'danger',
    icon: 'alert',
    title: 'Not a credential',
    text: 'This is not an Open Badges credential file. A credential is the .jwt file downloaded from a certificate page.',
  },
  unavailable: {
    tone: 'warning',
    icon: 'wifiOff',
    title: 'Could not check',
    text: 'Our published keys could not be fetched just now, so nothing can be said about this credential yet. Please try again.',
  },
};

const NUMBER_MESSAGES: Record<Extract<CheckState, { phase: 'number' }>['problem'], Message> = {
  revoked: { tone: 'danger', icon: 'alert', title: 'Revoked', text: 'The certificate with this number was revoked by its issuer. It is no longer valid.' },
  unknown: { tone: 'danger', icon: 'alert', title: 'Certificate not found', text: 'No certificate has this number. Check it for typing mistakes.' },
  unreachable: {
    tone: 'warning',
    icon: 'wifiOff',
    title: 'Could not check',
    text: "We couldn't fetch this certificate's credential just now. Please try again.",
  },
};

/** Genuine credentials list what the issuer recorded; an altered or foreign one shows nothing it claims. */
const TRUSTED: ReadonlyArray<CredentialVerdict['status']> = ['valid', 'revoked', 'expired', 'not_yet_valid'];

export function VerdictPanel({ state }: { state: Extract<CheckState, { phase: 'done' | 'number' }> }) {
  const message = state.phase === 'done' ? MESSAGES[state.verdict.status] : NUMBER_MESSAGES[state.problem];
  const status = state.phase === 'done' ? state.verdict.status : `number_${state.problem}`;
  const credential = state.phase === 'done' && 'credential' in state.verdict && TRUSTED.includes(state.verdict.status) ? state.verdict.credential : null;
  const revocationUnknown = state.phase === 'done' && 'revocationChecked' in state.verdict && !state.verdict.revocationChecked;
  return (
    <Panel role="status" aria-live="polite" data-verdict={status} $tone={message.tone}>
      <Heading $tone={message.tone}>
        <Icon name={message.icon} size={28} />
        <span>{message.title}</span>
      </Heading>
      <Text>{message.text}</Text>
      {revocationUnknown ? <Text>The revocation list could not be fetched, so whether it was revoked since is not known.</Text> : null}
      {state.phase === 'number' ? (
        <Details>
          <dt>Certificate number</dt>
          <dd>
            <code>{state.number}</code>
          </dd>
        </Details>
      ) : null}
      {credential ? <CredentialDetails credential={credential} /> : null}
    </Panel>
  );
}

function CredentialDetails({ credential }: { credential: CredentialJwtPayloadDto }) {
  const achievement = credential.credentialSubject?.achievement;
  const hours = credentialCpdHours(credential);
  return (
    <Details>
      <dt>Achievement</dt>
      <dd data-field="achievement">{achievement?.name}</dd>
      <dt>Awarded to</dt>
      <dd data-field="learner">{credentialLearnerName(credential) ?? 'Not named in the credential'}</dd>
      <dt>Issued by</dt>
      <dd>{credential.issuer?.name}</dd>
      <dt>Completed</dt>
      <dd>{formatInstantDate(credential.validFrom)}</dd>
      {hours !== null ? (
        <>
          <dt>CPD hours</dt>
          <dd data-field="cpd-hours">{cpdHoursText(hours)}</dd>
        </>
      ) : null}
      {credential.validUntil ? (
        <>
          <dt>Valid until</dt>
          <dd>{formatInstantDate(credential.validUntil)}</dd>
        </>
      ) : null}
      <dt>Credential id</dt>
      <dd>
        <code>{credential.id}</code>
      </dd>
    </Details>
  );
}

const toneColour =
  (tone: Tone) =>
  ({ theme }: { theme: DefaultTheme }) =>
    theme.colors[tone];
const toneSoft =
  (tone: Tone) =>
  ({ theme }: { theme: DefaultTheme }) =>
    tone === 'success' ? theme.colors.successSoft : tone === 'warning' ? theme.colors.warningSoft : theme.colors.dangerSoft;

const Panel = styled.section<{ $tone: Tone }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ $tone }) => toneSoft($tone)};
  border: 1px solid ${({ $tone }) => toneColour($tone)};
  border-left-width: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Heading = styled.h2<{ $tone: Tone }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ $tone }) => toneColour($tone)};
  font-size: ${({ theme }) => theme.fontSize.xl};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.text};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xs} 0 0;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.sm};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 400;
  }

  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space.xs};
    }
  }
`;
