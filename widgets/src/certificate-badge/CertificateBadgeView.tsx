import type { CertificatePublicDto } from '@atrium/common/api/community';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';
import styled from 'styled-components';
import { AlertIcon, ExternalIcon, ShieldCheckIcon } from '../shared/icons.tsx';
import { rootTypography, tokens } from '../tokens.ts';

export type CertificateBadgeState =
  { status: 'loading' } | { status: 'valid'; certificate: CertificatePublicDto } | { status: 'not_found' | 'revoked' | 'unverified' } | { status: 'error' };

export interface CertificateBadgeViewProps {
  number: string;
  state: CertificateBadgeState;
  /** The public certificate page, /certificate/:number in the portal. */
  certificateUrl: string;
  onRetry(): void;
}

/** A compact proof that a certificate number is genuine, for a school's or a teacher's page. */
export function CertificateBadgeView({ number, state, certificateUrl, onRetry }: CertificateBadgeViewProps) {
  if (state.status === 'loading') {
    return (
      <Badge part="badge" data-status="loading" aria-busy="true" $tone="neutral">
        <Seal $tone="neutral" aria-hidden="true">
          <ShieldCheckIcon size={26} />
        </Seal>
        <Body>
          <Eyebrow $tone="neutral">Verifying certificate…</Eyebrow>
          <Placeholder $width="70%" />
          <Placeholder $width="90%" />
        </Body>
      </Badge>
    );
  }
  if (state.status === 'valid') {
    const { certificate } = state;
    return (
      <Badge part="badge" data-status="valid" $tone="success">
        <Seal $tone="success" aria-hidden="true">
          <ShieldCheckIcon size={26} />
        </Seal>
        <Body>
          <Eyebrow $tone="success" part="status">
            Verified certificate
          </Eyebrow>
          <Student part="student">{certificate.studentName}</Student>
          <Course part="course">{certificate.courseName}</Course>
          <Meta>
            Completed <time dateTime={certificate.completedAt}>{formatInstantDate(certificate.completedAt)}</time>
          </Meta>
          {typeof certificate.quizScore === 'number' ? <Meta part="score">Final quiz score {certificate.quizScore} %</Meta> : null}
          {certificate.expired ? <Meta part="expiry">Expired on {formatCalendarDate(certificate.expiresOn ?? '')}</Meta> : null}
          <Footer>
            <Number title="Certificate number">{certificate.certificateNumber}</Number>
            <Link href={certificateUrl} target="_blank" rel="noopener" part="link">
              View certificate <ExternalIcon size={14} />
            </Link>
          </Footer>
        </Body>
      </Badge>
    );
  }
  const revoked = state.status === 'revoked';
  const failed = state.status === 'error';
  const tone = failed ? 'neutral' : 'danger';
  return (
    <Badge part="badge" data-status={state.status} role={failed ? 'alert' : 'status'} $tone={tone}>
      <Seal $tone={tone} aria-hidden="true">
        <AlertIcon size={26} />
      </Seal>
      <Body>
        <Eyebrow $tone={tone} part="status">
          {revoked ? 'Revoked' : 'Could not verify'}
        </Eyebrow>
        <Meta>
          {revoked ? (
            'The issuer has revoked this certificate.'
          ) : failed ? (
            "We couldn't check this certificate right now."
          ) : state.status === 'unverified' ? (
            "Its signature does not match the issuer's key."
          ) : number ? (
            <>
              No certificate has the number <Number as="span">{number}</Number>.
            </>
          ) : (
            'No certificate number was given.'
          )}
        </Meta>
        {failed && (
          <Footer>
            <Retry type="button" onClick={onRetry}>
              Try again
            </Retry>
          </Footer>
        )}
      </Body>
    </Badge>
  );
}

type Tone = 'success' | 'danger' | 'neutral';
const TONES = {
  success: [tokens.success, tokens.successSoft],
  danger: [tokens.danger, tokens.dangerSoft],
  neutral: [tokens.textMuted, tokens.surfaceMuted],
} as const;
const toneColour = (tone: Tone) => TONES[tone][0];
const toneSoft = (tone: Tone) => TONES[tone][1];

const Badge = styled.div<{ $tone: Tone }>`
  ${rootTypography}
  display: flex;
  align-items: flex-start;
  gap: 14px;
  max-width: 440px;
  padding: 20px 18px 16px;
  background: ${tokens.surface};
  position: relative;
  overflow: hidden;
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radiusLarge};
  box-shadow: ${tokens.shadowCard};
  &::before {
    content: '';
    position: absolute;
    inset: 0 0 auto 0;
    height: 4px;
    background: ${({ $tone }) => toneColour($tone)};
  }
`;

const Seal = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  color: ${({ $tone }) => toneColour($tone)};
  background: ${({ $tone }) => toneSoft($tone)};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const Eyebrow = styled.p<{ $tone: Tone }>`
  margin: 0 0 2px;
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ $tone }) => toneColour($tone)};
`;

const Student = styled.p`
  margin: 0;
  font-size: 18px;
  font-weight: 700;
  line-height: 1.3;
  color: ${tokens.text};
  overflow-wrap: anywhere;
`;

const Course = styled.p`
  margin: 0;
  font-size: 15px;
  line-height: 1.4;
  color: ${tokens.text};
`;

const Meta = styled.p`
  margin: 2px 0 0;
  font-size: 14px;
  line-height: 1.45;
  color: ${tokens.textMuted};
  overflow-wrap: anywhere;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  margin-top: 10px;
`;

const Number = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 12.5px;
  color: ${tokens.textMuted};
  overflow-wrap: anywhere;
`;

const Link = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
  font-weight: 600;
  color: ${tokens.accent};
  text-decoration: none;
  border-radius: 4px;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 2px;
  }
`;

const Retry = styled.button`
  margin: 0;
  padding: 6px 12px;
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  color: ${tokens.accent};
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  cursor: pointer;
  &:hover {
    background: ${tokens.accentSoft};
  }
  &:focus-visible {
    outline: 3px solid ${tokens.focus};
    outline-offset: 2px;
  }
`;

// The pulse is declared in the rule rather than with keyframes(), which would add its runtime to
// the bundle; the name only has to be unique inside the widget's shadow root.
const Placeholder = styled.span<{ $width: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: 14px;
  margin-top: 6px;
  border-radius: 6px;
  background: ${tokens.surfaceMuted};
  animation: badge-pulse 1.4s ease-in-out infinite;
  @keyframes badge-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
