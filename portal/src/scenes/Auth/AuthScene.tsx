import { useLocation } from 'react-router';
import { usePublicConfig } from '../../api/config.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { inviteeFrom } from '../../session/invitee.ts';
import { AuthView } from './AuthView.tsx';
import { LoginForm } from './LoginForm.tsx';
import { ProviderSignIn } from './ProviderSignIn.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** /auth: reads the brand and the invitation the person arrived from; the forms are containers. */
export function AuthScene() {
  usePageTitle('Sign in or register');
  const brand = usePublicConfig().data?.brandName ?? null;
  // Arriving from a school's invitation (/join) or a trust's (/trust?invite=): the tab the person
  // chose, and the address (and name) the invitation gave, to start the forms with.
  const { state } = useLocation();
  const invitee = inviteeFrom(state);
  const tab = invitee && (state as { tab?: unknown }).tab === 'register' ? 'register' : 'login';
  return (
    <AuthView
      brand={brand}
      tab={tab}
      login={
        <>
          <ProviderSignIn />
          <LoginForm invitee={invitee} />
        </>
      }
      register={
        <>
          <ProviderSignIn />
          <RegisterForm invitee={invitee} />
        </>
      }
    />
  );
}
