import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSendVerification, useVerifyEmail } from '../../api/schools.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Container } from '../../components/Layout.tsx';
import { LoadingState } from '../../components/Loading.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';

export const VERIFY_FAILED = 'This verification link is not valid or has already been used.';

/**
 * /verify-email?token=…: the single-use link from the verification e-mail. It verifies only for
 * the account it was sent for, signed in: whoever opens it signed out is asked to sign in first
 * (a mailbox owner must never confirm an account someone else made under their address).
 */
export function VerifyEmailScene() {
  usePageTitle('Verify your e-mail address');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user, isLoading } = useAuth();
  const verify = useVerifyEmail();
  // The token is single-use: send it once, even when effects run twice (StrictMode).
  const sentFor = useRef<string | null>(null);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!token || !signedIn || sentFor.current === token) return;
    sentFor.current = token;
    verify.mutate(token);
  }, [token, signedIn, verify]);

  if (!token) return <VerifyFailed reason="The link has no verification code. Open the link from the e-mail again, or send yourself a new one." />;
  if (isLoading) return <LoadingState label="Verifying your e-mail address" />;
  if (!user) {
    return (
      <Container>
        <StatusMessage
          icon="mail"
          headingLevel={1}
          title="Sign in to verify your e-mail address"
          actions={<ButtonLink to={authLinkReturningTo(`/verify-email?token=${encodeURIComponent(token)}`)}>Sign in to verify</ButtonLink>}
        >
          <p>
            For your safety, an address is verified only by the person signed in to the account it belongs to. Sign in to your account, and we will verify it
            straight away. If you did not create an account here, ignore the e-mail: nothing happens.
          </p>
        </StatusMessage>
      </Container>
    );
  }
  if (verify.isSuccess) {
    const school = verify.data.joinedSchool;
    return (
      <Container>
        <StatusMessage
          icon="checkCircle"
          headingLevel={1}
          title="Your e-mail address is verified"
          actions={<ButtonLink to="/">Go to your dashboard</ButtonLink>}
        >
          {school ? <p>You now have access through {school.name}.</p> : <p>Thank you for confirming your address.</p>}
        </StatusMessage>
      </Container>
    );
  }
  if (verify.isError) return <VerifyFailed reason={errorText(verify.error, VERIFY_FAILED)} />;
  return <LoadingState label="Verifying your e-mail address" />;
}

function VerifyFailed({ reason }: { reason: string }) {
  const { user } = useAuth();
  const resend = useSendVerification();
  const { toast } = useToast();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Verification e-mail sent', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not send the e-mail', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });
  return (
    <Container>
      <StatusMessage
        icon="alert"
        tone="danger"
        headingLevel={1}
        title="We could not verify your e-mail address"
        actions={
          user ? (
            <>
              <Button onClick={send} disabled={resend.isPending}>
                {resend.isPending ? 'Sending…' : 'Send a new verification e-mail'}
              </Button>
              <ButtonLink to="/profile" variant="secondary">
                Go to your profile
              </ButtonLink>
            </>
          ) : (
            <ButtonLink to={authLinkReturningTo('/profile')}>Sign in to send a new link</ButtonLink>
          )
        }
      >
        <p>{reason}</p>
      </StatusMessage>
    </Container>
  );
}
