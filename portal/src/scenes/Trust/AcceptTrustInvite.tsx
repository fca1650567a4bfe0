import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { useAcceptTrustInvite, useTrustInvitePreview } from '../../api/trusts.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { readState } from '../../components/QueryState.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { Panel, PanelHeader } from '../../components/Panel.ts';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import type { InviteeState } from '../../session/invitee.ts';

/** The invitation link (/trust?invite=…): who invited whom to which trust, and the one button that accepts. */
export function AcceptTrustInvite({ token, signedIn }: { token: string; signedIn: boolean }) {
  const preview = useTrustInvitePreview(token);
  const accept = useAcceptTrustInvite(token);
  const navigate = useNavigate();
  const read = readState(preview);
  if (read.state === 'loading') return <LoadingState label="Checking your invitation" />;
  if (read.state === 'failed') {
    return (
      <Container $narrow>
        <StatusMessage icon="alert" tone="danger" headingLevel={1} title="This invitation cannot be used">
          <p>{errorText(read.error, 'Please check the link and try again.')}</p>
        </StatusMessage>
      </Container>
    );
  }
  const { trustName, email, problem } = read.data;
  const here = `/trust?invite=${encodeURIComponent(token)}`;
  return (
    <Container $narrow>
      <PageHeading title={`Manage ${trustName}`} lead={`An invitation for ${email} to manage this trust: you will see the training of every school in it.`} />
      <Panel aria-labelledby="accept-title">
        <PanelHeader>
          <h2 id="accept-title">Accept the invitation</h2>
        </PanelHeader>
        {problem ? (
          <FormAlert message={problem} />
        ) : !signedIn ? (
          <>
            <p>{`Sign in, or create your account, with ${email} to accept. You will come straight back here afterwards.`}</p>
            {/* The invited address fills the forms in (issue 53), carried in the location's state as from /join. */}
            <Actions>
              <ButtonLink
                to={authLinkReturningTo(here)}
                state={{ invitee: { email, firstName: null, lastName: null }, tab: 'login' } satisfies InviteeState & { tab: string }}
              >
                Sign in to accept
              </ButtonLink>
              <ButtonLink variant="secondary" to={authLinkReturningTo(here)} state={{ invitee: { email, firstName: null, lastName: null }, tab: 'register' }}>
                Create your account
              </ButtonLink>
            </Actions>
          </>
        ) : (
          <>
            <FormAlert message={accept.error ? errorText(accept.error, 'The invitation could not be accepted.') : null} />
            <Button onClick={() => accept.mutate(undefined, { onSuccess: () => void navigate('/trust', { replace: true }) })} disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : `Accept and open ${trustName}`}
            </Button>
          </>
        )}
      </Panel>
    </Container>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
