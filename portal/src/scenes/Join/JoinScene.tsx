import { useNavigate, useSearchParams } from 'react-router';
import { errorText, isNotFound } from '../../api/client.ts';
import { useAcceptInvite, useInvitePreview } from '../../api/schools.ts';
import { useClearSession, useLogout } from '../../api/session.ts';
import { readState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
import { authLinkReturningTo } from '../../session/nextPath.ts';
import { JoinView, type JoinState } from './JoinView.tsx';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
export const UNKNOWN_INVITE = 'This invite link is not valid. Check that you copied all of it, or ask your school manager for a new one.';

/** /join?token=…: an invite link from a school (public; signed in or not). */
export function JoinScene() {
  usePageTitle('Join your school');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const preview = useInvitePreview(wellFormed ? token : '');
  const { user } = useAuth();
  const accept = useAcceptInvite();
  const logout = useLogout();
  const clearSession = useClearSession();
  const navigate = useNavigate();
  const { toast } = useToast();

  const invite = ((): JoinState => {
    if (!wellFormed) return { state: 'problem', title: 'This invite link is not valid', reason: UNKNOWN_INVITE };
    const read = readState(preview);
    if (read.state === 'loading') return read;
    if (read.state === 'failed') {
      return isNotFound(read.error)
        ? { state: 'problem', title: 'This invite link is not valid', reason: errorText(read.error, UNKNOWN_INVITE) }
        : {
            state: 'problem',
            title: 'We could not check this invite link',
            reason: errorText(read.error, 'Please check your connection and try again.'),
            retry: read.retry,
          };
    }
    const { schoolName, valid, reason, invitee } = read.data;
    if (!valid) return { state: 'problem', title: `This invite to ${schoolName} cannot be used`, reason: reason ?? UNKNOWN_INVITE };
    return { state: 'ready', schoolName, invitee: invitee ?? null };
  })();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: clearSession,
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
    <JoinView
      invite={invite}
      signedInAs={user?.email ?? null}
      authLink={authLinkReturningTo(`/join?token=${encodeURIComponent(token)}`)}
      onJoin={join}
      joining={accept.isPending}
      onSignOut={signOut}
      signingOut={logout.isPending}
    />
  );
}
