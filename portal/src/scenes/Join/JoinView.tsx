import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import type { Invitee } from '../../session/invitee.ts';

/** What an invite link comes to: still being checked, a link that cannot be used (and why), or a school to join. */
export type JoinState =
  | { state: 'loading' }
  | { state: 'problem'; title: string; reason: string; retry?: () => void }
  | { state: 'ready'; schoolName: string; invitee: Invitee | null };

export interface JoinViewProps {
  invite: JoinState;
  /** The signed-in person's address, or null for a visitor. */
  signedInAs: string | null;
  /** Sign-in and registration, returning to this link afterwards. */
  authLink: string;
  onJoin: () => void;
  joining: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** /join?token=…: what the invite is, and the one next step for whoever opened it. */
export function JoinView({ invite, signedInAs, authLink, onJoin, joining, onSignOut, signingOut }: JoinViewProps) {
  if (invite.state === 'loading') return <LoadingState label="Checking your invite link" />;
  if (invite.state === 'problem') return <InviteProblem title={invite.title} reason={invite.reason} retry={invite.retry} signedIn={signedInAs !== null} />;
  const { schoolName, invitee } = invite;
  // An invitation mailed to one address is accepted only by the account with that address.
  const wrongAccount = signedInAs !== null && invitee !== null && !sameAddress(signedInAs, invitee.email);
  return (
    <Container $narrow>
      <Panel>
        <Tile aria-hidden="true">
          <Icon name="school" size={28} />
        </Tile>
        <h1>Join {schoolName}</h1>
        <p>
          {schoolName} has invited you to its training. As a member you get your own login and every course the school is licensed for, with your own progress
          and certificates.
        </p>
        {wrongAccount ? (
          <>
            <Notice role="note">
              This invitation was sent to <strong>{invitee.email}</strong>, and only that account can accept it. You are signed in as{' '}
              <strong>{signedInAs}</strong>.
            </Notice>
            <Button size="lg" block variant="secondary" onClick={onSignOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : `Sign out, then continue as ${invitee.email}`}
            </Button>
          </>
        ) : signedInAs !== null ? (
          <>
            <Button size="lg" block onClick={onJoin} disabled={joining}>
              {joining ? 'Joining…' : `Join ${schoolName}`}
            </Button>
            <Small>
              Signed in as <strong>{signedInAs}</strong>.
            </Small>
          </>
        ) : invitee ? (
          <>
            <p>
              The invitation was sent to <strong>{invitee.email}</strong>. Create your account with that address (we have filled in what your school gave us),
              or sign in if you already have one. You will come straight back here afterwards.
            </p>
            <ButtonLink size="lg" block to={authLink} state={{ invitee, tab: 'register' }}>
              Create your account to join
            </ButtonLink>
            <ButtonLink size="lg" block variant="secondary" to={authLink} state={{ invitee, tab: 'login' }}>
              I already have an account: sign in
            </ButtonLink>
          </>
        ) : (
          <>
            <p>Sign in, or create a free account, to accept the invitation. You will come straight back here afterwards.</p>
            <ButtonLink size="lg" block to={authLink}>
              Sign in or register to join
            </ButtonLink>
          </>
        )}
      </Panel>
    </Container>
  );
}

function InviteProblem({ title, reason, retry, signedIn }: { title: string; reason: string; retry?: () => void; signedIn: boolean }) {
  return (
    <Container>
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={1}
        title={title}
        actions={
          <>
            {retry ? <Button onClick={retry}>Try again</Button> : null}
            <ButtonLink to="/" variant={retry ? 'secondary' : 'primary'}>
              {signedIn ? 'Back to Dashboard' : 'Go to the home page'}
            </ButtonLink>
          </>
        }
      >
        <p>{reason}</p>
      </StatusMessage>
    </Container>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 32rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;

  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }

  h1 {
    font-size: ${({ theme }) => theme.fontSize.xxl};
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Tile = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin: 0 auto;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accent};
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  text-align: left;
  overflow-wrap: anywhere;
`;

const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;
