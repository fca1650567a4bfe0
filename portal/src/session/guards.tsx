import { Navigate, Outlet, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/Button.tsx';
import { Container } from '../components/Layout.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { NotFoundScreen } from '../components/NotFoundScreen.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useAuth } from './AuthProvider.tsx';
import { safeNextPath } from './nextPath.ts';

/**
 * Route guards for SPEC §2's routing rules. The root layout waits for the session check, so
 * here the user is always known: an object when signed in, null when not.
 */

/** /auth: a signed-in user is sent home, or back to the page that sent them (`next`). */
export function GuestOnly() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return user ? <Navigate to={safeNextPath(params.get('next')) ?? '/'} replace /> : <Outlet />;
}

/**
 * Signed-in pages. Visitors are sent home from /courses and /checkout paths and see the 404
 * screen elsewhere (/profile, /certificates, /payment-success), as SPEC §2 lists.
 */
export function RequireUser({ whenSignedOut }: { whenSignedOut: 'home' | 'not-found' }) {
  const { user } = useAuth();
  if (user) return <Outlet />;
  return whenSignedOut === 'home' ? <Navigate to="/" replace /> : <NotFoundScreen />;
}

/** Admin pages: visitors go to /auth, signed-in non-admins see Access Denied. */
export function RequireAdmin() {
  const { user, isAdmin } = useAuth();
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <AccessDenied />;
  return <Outlet />;
}

/** Any other path under /admin, /courses or /checkout: home for visitors, 404 for users. */
export function SignedOutToHome() {
  const { user } = useAuth();
  return user ? <NotFoundScreen /> : <Navigate to="/" replace />;
}

export function AccessDenied() {
  usePageTitle('Access Denied');
  return (
    <Container>
      <StatusMessage
        icon="lock"
        tone="danger"
        headingLevel={1}
        title="Access Denied"
        actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>}
      >
        <p>You need admin privileges to access this page.</p>
      </StatusMessage>
    </Container>
  );
}
