import { useNavigate } from 'react-router';
import type { UserDto } from '@atrium/common';
import { errorText } from '../api/client.ts';
import { useMySchool } from '../api/schools.ts';
import { useMyTrust } from '../api/trusts.ts';
import { useClearSession, useLogout } from '../api/session.ts';
import { useToast } from './toast/Toaster.tsx';
import { UserMenuView } from './UserMenuView.tsx';

/**
 * The container of the account menu: which entries the signed-in person is offered, and signing
 * out. Loaded on sign-in only. My school is there for staff whether or not they have one: a
 * manager runs their school there, a member sees its courses, and someone without one learns how
 * to join or creates it. The agency's admin reaches every school from Admin, so it is offered to
 * them only when they belong to a school themselves.
 */
export function UserMenu({ user, isAdmin }: { user: UserDto; isAdmin: boolean }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = useLogout();
  const clearSession = useClearSession();
  const mine = useMySchool(isAdmin);
  // Offered to a trust's managers only (invited by e-mail; nobody else has a /trust).
  const trust = useMyTrust();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        // Both updates land in one render: the landing page, with nobody signed in.
        navigate('/');
        clearSession();
      },
      onError: (error) => toast({ title: 'Logout failed', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <UserMenuView
      user={user}
      offersMySchool={!isAdmin || Boolean(mine.data?.school)}
      offersMyTrust={Boolean(trust.data?.trust)}
      signingOut={logout.isPending}
      onGo={(path) => navigate(path)}
      onSignOut={signOut}
    />
  );
}
