import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/** Where an unsubscribe link stands: unreadable, being checked, done, or asking before it changes anything. */
export type UnsubscribeState =
  | { state: 'broken'; reason: string }
  | { state: 'checking' }
  | { state: 'unsubscribed'; description: string }
  | { state: 'asking'; description: string; pending: boolean; problem: string | null };

export interface UnsubscribeViewProps {
  unsubscribe: UnsubscribeState;
  onUnsubscribe: () => void;
}

/** /unsubscribe?token=…: asks before unsubscribing, then says what stops and what still arrives. */
export function UnsubscribeView({ unsubscribe, onUnsubscribe }: UnsubscribeViewProps) {
  if (unsubscribe.state === 'broken') return <Broken reason={unsubscribe.reason} />;
  if (unsubscribe.state === 'checking') return <LoadingState label="Checking your link" />;
  if (unsubscribe.state === 'unsubscribed') {
    return (
      <Container $narrow>
        <StatusMessage icon="checkCircle" headingLevel={1} title="You are unsubscribed" actions={<ButtonLink to="/">Go to the home page</ButtonLink>}>
          <p>You will no longer receive {unsubscribe.description}. Account, payment and security e-mails still reach you.</p>
        </StatusMessage>
      </Container>
    );
  }
  return (
    <Container $narrow>
      <StatusMessage
        icon="mail"
        headingLevel={1}
        title="Stop these e-mails?"
        actions={
          <Button onClick={onUnsubscribe} disabled={unsubscribe.pending}>
            {unsubscribe.pending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        }
      >
        <p>You will no longer receive {unsubscribe.description}.</p>
        {unsubscribe.problem ? <p role="alert">{unsubscribe.problem}</p> : null}
      </StatusMessage>
    </Container>
  );
}

function Broken({ reason }: { reason: string }) {
  return (
    <Container $narrow>
      <StatusMessage icon="alert" tone="danger" headingLevel={1} title="We could not read this link">
        <p>{reason}</p>
      </StatusMessage>
    </Container>
  );
}
