import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInErrorMessage, SIGN_IN_PROVIDER_LABELS, type SignInProviderName } from '@atrium/common/api/signIn';
import { useToast } from '../components/toast/Toaster.tsx';

/** Starts a provider sign-in (or, with `link`, links the provider to the signed-in account): a top-level navigation. */
export const providerStartUrl = (provider: SignInProviderName, returnTo: string, link = false) =>
  `/api/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}${link ? '&link=1' : ''}`;

const isProvider = (value: string | null): value is SignInProviderName => value === 'google' || value === 'microsoft';

/**
 * What a provider round trip came back with: `?signInError=<code>` (on /auth, or /profile after
 * "Connect") or `?linked=<provider>`. It is toasted once and taken out of the address, so a
 * reload does not say it again; the refusal stays available (in the history entry's state) for
 * the page to show beside its buttons. Returns that refusal's message.
 */
export function useProviderOutcome(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const params = new URLSearchParams(location.search);
  const code = params.get('signInError');
  const linked = params.get('linked');
  const message = code ? signInErrorMessage(code) : null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if ((!message && !linked) || handled.current === location.key) return;
    handled.current = location.key;
    if (message) toast({ title: 'Sign-in did not complete', description: message, variant: 'destructive' });
    else if (isProvider(linked))
      toast({ title: `${SIGN_IN_PROVIDER_LABELS[linked]} sign-in linked`, description: 'You can now sign in with it.', variant: 'success' });
    const rest = new URLSearchParams(location.search);
    rest.delete('signInError');
    rest.delete('linked');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: message ? { signInError: message } : null });
  }, [message, linked, toast, navigate, location]);
  const kept = (location.state as { signInError?: string } | null)?.signInError ?? null;
  return message ?? kept;
}
