import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { UserDto } from '@atrium/common';
import { ButtonLink } from '../components/Button.tsx';
import { Container } from '../components/Layout.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { NotFoundScreen } from '../components/NotFoundScreen.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useAuth } from './AuthProvider.tsx';
import { forgetDestination, rememberDestination, useAfterSignInPath } from './destination.ts';
import { authLinkReturningTo } from './nextPath.ts';

/**
 * Route guards for SPEC §2's routing rules. The root layout waits for the session check, so
 * here the user is always known: an object when signed in, null when not.
 */

/**
 * True when someone was signed in while this guard was on screen and no longer is: they signed
 * out (or deleted their account) here. SPEC §2 sends them to "/", and the guard must not get
 * there first with its rule for visitors: navigating is a transition, so the cleared session
 * renders the guarded page once before the navigation to "/" lands.
 */
function useSignedOutHere(user: UserDto | null | undefined): boolean {
  // Information from earlier renders lives in state, updated while rendering: React renders
  // again at once, before anything reaches the screen.
  const [seenUser, setSeenUser] = useState(false);
  if (user && !seenUser) setSeenUser(true);
  return !user && seenUser;
}

const currentPath = (location: { pathname: string; search: string; hash: string }) => location.pathname + location.search + location.hash;

/** SPEC §2 sends the visitor home; the page they wanted opens once they have signed in. */
function HomeRemembering() {
  const location = useLocation();
  useState(() => rememberDestination(currentPath(location)));
  return <Navigate to="/" replace />;
}

/** /auth: a signed-in user is sent on to the page they wanted (`next`, or remembered), else home. */
export function GuestOnly() {
  const { user } = useAuth();
  const destination = useAfterSignInPath();
  return user ? <SignedInRedirect to={destination} /> : <Outlet />;
}

function SignedInRedirect({ to }: { to: string }) {
  useEffect(forgetDestination, []);
  return <Navigate to={to} replace />;
}

/**
 * Signed-in pages. Visitors are sent home from /courses and /checkout paths and see the 404
 * screen elsewhere (/profile, /certificates, /payment-success), as SPEC §2 lists.
 */
export function RequireUser({ whenSignedOut }: { whenSignedOut: 'home' | 'not-found' }) {
  const { user } = useAuth();
  const signedOutHere = useSignedOutHere(user);
  if (user) return <Outlet />;
  if (signedOutHere) return <Navigate to="/" replace />;
  return whenSignedOut === 'home' ? <HomeRemembering /> : <NotFoundScreen />;
}

/** Admin pages: visitors go to /auth (and back here after signing in), signed-in non-admins see Access Denied. */
export function RequireAdmin() {
  const { user, isAdmin } = useAuth();
  const location = useLocation();
  const signedOutHere = useSignedOutHere(user);
  if (signedOutHere) return <Navigate to="/" replace />;
  if (!user) return <Navigate to={authLinkReturningTo(currentPath(location))} replace />;
  if (!isAdmin) return <AccessDenied />;
  return <Outlet />;
}

/** Any other path under /admin, /courses or /checkout: home for visitors, 404 for users. Nothing to remember: no such page. */
export function SignedOutToHome() {
  const { user } = useAuth();
  return user ? <NotFoundScreen /> : <Navigate to="/" replace />;
}

export function AccessDenied() {
  usePageTitle('Access Denied');
  return (
    <Container>
      <StatusMessage icon="lock" tone="danger" headingLevel={1} title="Access Denied" actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>}>
        <p>You need admin privileges to access this page.</p>
      </StatusMessage>
    </Container>
  );
}
