import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/** Where the verification link stands for whoever opened it. */
export type VerifyEmailState =
  | { state: 'verifying' }
  /** Opened signed out: only the account's owner, signed in, verifies it. */
  | { state: 'signIn'; signInHref: string }
  | { state: 'verified'; schoolName: string | null }
  | { state: 'failed'; reason: string };

export interface VerifyEmailViewProps {
  verification: VerifyEmailState;
  /** Signed in: a failed link offers a new e-mail; signed out, a way to sign in first (`signInToResendHref`). */
  resend: { state: 'signedIn'; pending: boolean; send: () => void } | { state: 'signedOut'; signInToResendHref: string };
}

/** /verify-email?token=…: verifies the address, or says why not and how to get a new link. */
export function VerifyEmailView({ verification, resend }: VerifyEmailViewProps) {
  if (verification.state === 'verifying') return <LoadingState label="Verifying your e-mail address" />;
  if (verification.state === 'signIn') {
    return (
      <Container>
        <StatusMessage
          icon="mail"
          headingLevel={1}
          title="Sign in to verify your e-mail address"
          actions={<ButtonLink to={verification.signInHref}>Sign in to verify</ButtonLink>}
        >
          <p>
            For your safety, an address is verified only by the person signed in to the account it belongs to. Sign in to your account, and we will verify it
            straight away. If you did not create an account here, ignore the e-mail: nothing happens.
          </p>
        </StatusMessage>
      </Container>
    );
  }
  if (verification.state === 'verified') {
    return (
      <Container>
        <StatusMessage
          icon="checkCircle"
          headingLevel={1}
          title="Your e-mail address is verified"
          actions={<ButtonLink to="/">Go to your dashboard</ButtonLink>}
        >
          {verification.schoolName ? <p>You now have access through {verification.schoolName}.</p> : <p>Thank you for confirming your address.</p>}
        </StatusMessage>
      </Container>
    );
  }
  return (
    <Container>
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={1}
        title="We could not verify your e-mail address"
        actions={
          resend.state === 'signedIn' ? (
            <>
              <Button onClick={resend.send} disabled={resend.pending}>
                {resend.pending ? 'Sending…' : 'Send a new verification e-mail'}
              </Button>
              <ButtonLink to="/profile" variant="secondary">
                Go to your profile
              </ButtonLink>
            </>
          ) : (
            <ButtonLink to={resend.signInToResendHref}>Sign in to send a new link</ButtonLink>
          )
        }
      >
        <p>{verification.reason}</p>
      </StatusMessage>
    </Container>
  );
}
