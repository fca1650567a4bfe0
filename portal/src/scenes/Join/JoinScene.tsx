import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { errorText, isNotFound } from '../../api/client.ts';
import { useAcceptInvite, useInvitePreview } from '../../api/schools.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Card, Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';

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
  if (preview.isPending) return <LoadingState label="Checking your invite link" />;
  if (preview.isError) {
    return isNotFound(preview.error) ? (
      <InviteProblem title="This invite link is not valid" reason={errorText(preview.error, UNKNOWN_INVITE)} />
    ) : (
      <InviteProblem
        title="We could not check this invite link"
        reason={errorText(preview.error, 'Please check your connection and try again.')}
        retry={() => void preview.refetch()}
      />
    );
  }
  const { schoolName, valid, reason } = preview.data;
  if (!valid) return <InviteProblem title={`This invite to ${schoolName} cannot be used`} reason={reason ?? UNKNOWN_INVITE} />;
  return <JoinInvite token={token} schoolName={schoolName} />;
}

function JoinInvite({ token, schoolName }: { token: string; schoolName: string }) {
  const { user } = useAuth();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const { toast } = useToast();
  const here = `/join?token=${encodeURIComponent(token)}`;

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
        {user ? (
          <>
            <Button size="lg" block onClick={join} disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : `Join ${schoolName}`}
            </Button>
            <Small>
              Signed in as <strong>{user.email}</strong>.
            </Small>
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

const Small = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;
