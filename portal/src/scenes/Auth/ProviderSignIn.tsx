import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { SIGN_IN_ERROR_MESSAGES, SIGN_IN_PROVIDER_LABELS, type SignInProviderName } from '@atrium/common';
import { usePublicConfig } from '../../api/config.ts';
import { ButtonAnchor } from '../../components/Button.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useAfterSignInPath } from '../../session/destination.ts';

/** The start of a provider sign-in: a top-level navigation the server answers with a redirect to the provider. */
export const providerStartUrl = (provider: SignInProviderName, returnTo: string) => `/api/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * "Continue with Google / Microsoft" on both tabs of /auth, for the providers the server has
 * configured (none: nothing is shown). A sign-in that came back refused lands here with
 * `?signInError=<code>`: the message is said in a toast and beside the buttons, and the code is
 * taken out of the address so a reload does not say it again.
 */
export function ProviderSignIn() {
  const providers = usePublicConfig().data?.signInProviders ?? [];
  const next = useAfterSignInPath();
  const error = useSignInError();
  if (providers.length === 0 && !error) return null;
  return (
    <Wrap>
      <FormAlert message={error} />
      {providers.length > 0 && (
        <>
          <Buttons>
            {providers.map((provider) => (
              <ButtonAnchor key={provider} variant="secondary" block href={providerStartUrl(provider, next)}>
                <ProviderLogo provider={provider} />
                {`Continue with ${SIGN_IN_PROVIDER_LABELS[provider]}`}
              </ButtonAnchor>
            ))}
          </Buttons>
          <Divider>
            <span>or with your e-mail address</span>
          </Divider>
        </>
      )}
    </Wrap>
  );
}

/** The refusal message for `?signInError=`, toasted once; the parameter is then dropped from the address. */
function useSignInError(): string | null {
  const [params] = useSearchParams();
  const code = params.get('signInError');
  const message = code ? (SIGN_IN_ERROR_MESSAGES[code] ?? SIGN_IN_ERROR_MESSAGES.failed!) : null;
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!message || toasted.current === location.key) return;
    toasted.current = location.key;
    toast({ title: 'Sign-in did not complete', description: message, variant: 'destructive' });
    const rest = new URLSearchParams(location.search);
    rest.delete('signInError');
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: { signInError: message } });
  }, [message, toast, navigate, location]);
  const kept = (location.state as { signInError?: string } | null)?.signInError ?? null;
  return message ?? kept;
}

/** The providers' own marks, as their brand guidelines ask for sign-in buttons. */
function ProviderLogo({ provider }: { provider: SignInProviderName }) {
  if (provider === 'google') {
    return (
      <Logo viewBox="0 0 18 18" aria-hidden="true" focusable="false">
        <path fill="#4285F4" d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z" />
        <path fill="#34A853" d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.83.86-3.04.86-2.34 0-4.33-1.58-5.04-3.7H.96v2.33A9 9 0 0 0 9 18z" />
        <path fill="#FBBC05" d="M3.96 10.72A5.4 5.4 0 0 1 3.68 9c0-.6.1-1.18.28-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05l3-2.33z" />
        <path fill="#EA4335" d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 0 0 .96 4.95l3 2.33C4.67 5.16 6.66 3.58 9 3.58z" />
      </Logo>
    );
  }
  return (
    <Logo viewBox="0 0 21 21" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="9" height="9" fill="#F25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7FBA00" />
      <rect x="1" y="11" width="9" height="9" fill="#00A4EF" />
      <rect x="11" y="11" width="9" height="9" fill="#FFB900" />
    </Logo>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  a {
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Logo = styled.svg`
  width: 18px;
  height: 18px;
  flex: none;
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
