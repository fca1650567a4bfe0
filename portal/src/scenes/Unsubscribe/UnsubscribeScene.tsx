import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../../api/deadlines.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

const BROKEN = 'This unsubscribe link is not valid: it may have been altered or cut short. Nothing was changed. Open the link from the e-mail again.';

/**
 * /unsubscribe?token=…: the link at the foot of a reminder or digest (public, no sign-in). It
 * asks before unsubscribing, so a mail scanner that opens links changes nothing; mail providers
 * unsubscribe in one click through the List-Unsubscribe header instead.
 */
export function UnsubscribeScene() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  if (!token) return <Broken reason={BROKEN} />;
  if (info.isPending) return <LoadingState label="Checking your link" />;
  if (info.isError) return <Broken reason={errorText(info.error, BROKEN)} />;
  const { description, unsubscribed } = info.data;
  if (unsubscribed) {
    return (
      <Container $narrow>
        <StatusMessage icon="checkCircle" headingLevel={1} title="You are unsubscribed" actions={<ButtonLink to="/">Go to the home page</ButtonLink>}>
          <p>You will no longer receive {description}. Account, payment and security e-mails still reach you.</p>
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
          <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        }
      >
        <p>You will no longer receive {description}.</p>
        {unsubscribe.isError ? <p role="alert">{errorText(unsubscribe.error, 'That did not work. Please try again.')}</p> : null}
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
