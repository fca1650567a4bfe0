import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { errorText, isNotFound } from '../../api/client.ts';
import { useAcceptInvite, useInvitePreview } from '../../api/schools.ts';
import { clearSession, useLogout } from '../../api/session.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { readState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';
import type { Invitee } from '../../session/invitee.ts';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
export const UNKNOWN_INVITE = 'This invite link is not valid. Check that you copied all of it, or ask your school manager for a new one.';

/** /join?token=…: an invite link from a school (public; signed in or not). */
export function JoinScene() {
  usePageTitle('Join your school');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const preview = useInvitePreview(wellFormed ? token : '');

  if (!wellFormed) return <InviteProblem title="This invite link is not valid" reason={UNKNOWN_INVITE} />;
  const read = readState(preview);
  if (read.state === 'loading') return <LoadingState label="Checking your invite link" />;
  if (read.state === 'failed') {
    return isNotFound(read.error) ? (
      <InviteProblem title="This invite link is not valid" reason={errorText(read.error, UNKNOWN_INVITE)} />
    ) : (
      <InviteProblem
        title="We could not check this invite link"
        reason={errorText(read.error, 'Please check your connection and try again.')}
        retry={read.retry}
      />
    );
  }
  const { schoolName, valid, reason, invitee } = read.data;
  if (!valid) return <InviteProblem title={`This invite to ${schoolName} cannot be used`} reason={reason ?? UNKNOWN_INVITE} />;
  return <JoinInvite token={token} schoolName={schoolName} invitee={invitee ?? null} />;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function JoinInvite({ token, schoolName, invitee }: { token: string; schoolName: string; invitee: Invitee | null }) {
  const { user } = useAuth();
  const accept = useAcceptInvite();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const here = `/join?token=${encodeURIComponent(token)}`;
  // An invitation mailed to one address is accepted only by the account with that address.
  const wrongAccount = user && invitee && !sameAddress(user.email, invitee.email);
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => clearSession(queryClient),
      onError: (error) => toast({ title: 'Could not sign out', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  const join = () =>
    accept.mutate(token, {
      onSuccess: (result) => {
        toast({
          title: result.joined ? `Welcome to ${result.school.name}` : `You are already a member of ${result.school.name}`,
          description: "Your school's licensed courses are on your dashboard.",
          variant: 'success',
        });
        navigate('/', { replace: true });
      },
      onError: (error) => toast({ title: 'Could not join the school', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });

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
              <strong>{user.email}</strong>.
            </Notice>
            <Button size="lg" block variant="secondary" onClick={signOut} disabled={logout.isPending}>
              {logout.isPending ? 'Signing out…' : `Sign out, then continue as ${invitee.email}`}
            </Button>
          </>
        ) : user ? (
          <>
            <Button size="lg" block onClick={join} disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : `Join ${schoolName}`}
            </Button>
            <Small>
              Signed in as <strong>{user.email}</strong>.
            </Small>
          </>
        ) : invitee ? (
          <>
            <p>
              The invitation was sent to <strong>{invitee.email}</strong>. Create your account with that address (we have filled in what your school gave us),
              or sign in if you already have one. You will come straight back here afterwards.
            </p>
            <ButtonLink size="lg" block to={authLinkReturningTo(here)} state={{ invitee, tab: 'register' }}>
              Create your account to join
            </ButtonLink>
            <ButtonLink size="lg" block variant="secondary" to={authLinkReturningTo(here)} state={{ invitee, tab: 'login' }}>
              I already have an account: sign in
            </ButtonLink>
          </>
        ) : (
          <>
            <p>Sign in, or create a free account, to accept the invitation. You will come straight back here afterwards.</p>
            <ButtonLink size="lg" block to={authLinkReturningTo(here)}>
              Sign in or register to join
            </ButtonLink>
          </>
        )}
      </Panel>
    </Container>
  );
}

function InviteProblem({ title, reason, retry }: { title: string; reason: string; retry?: () => void }) {
  const { user } = useAuth();
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
              {user ? 'Back to Dashboard' : 'Go to the home page'}
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
