import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useSendVerification, useVerifyEmail } from '../../api/schools.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';
import { VerifyEmailView, type VerifyEmailState } from './VerifyEmailView.tsx';

export const VERIFY_FAILED = 'This verification link is not valid or has already been used.';
const NO_TOKEN = 'The link has no verification code. Open the link from the e-mail again, or send yourself a new one.';

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
  const resend = useSendVerification();
  const { toast } = useToast();
  // The token is single-use: send it once, even when effects run twice (StrictMode).
  const sentFor = useRef<string | null>(null);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!token || !signedIn || sentFor.current === token) return;
    sentFor.current = token;
    verify.mutate(token);
  }, [token, signedIn, verify]);

  const verification: VerifyEmailState = !token
    ? { state: 'failed', reason: NO_TOKEN }
    : isLoading
      ? { state: 'verifying' }
      : !user
        ? { state: 'signIn', signInHref: authLinkReturningTo(`/verify-email?token=${encodeURIComponent(token)}`) }
        : verify.isSuccess
          ? { state: 'verified', schoolName: verify.data.joinedSchool?.name ?? null }
          : verify.error
            ? { state: 'failed', reason: errorText(verify.error, VERIFY_FAILED) }
            : { state: 'verifying' };

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Verification e-mail sent', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not send the e-mail', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });

  return (
    <VerifyEmailView
      verification={verification}
      resend={user ? { state: 'signedIn', pending: resend.isPending, send } : { state: 'signedOut', signInToResendHref: authLinkReturningTo('/profile') }}
    />
  );
}
