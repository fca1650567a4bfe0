import styled from 'styled-components';
import { SIGN_IN_PROVIDER_LABELS } from '@atrium/common';
import { usePublicConfig } from '../../api/config.ts';
import { ButtonAnchor } from '../../components/Button.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { ProviderLogo } from '../../components/ProviderLogo.tsx';
import { SchoolSignIn } from '../../components/identityProvider/SchoolSignIn.tsx';
import { useAfterSignInPath } from '../../session/destination.ts';
import { providerStartUrl, useProviderOutcome } from '../../session/providerSignIn.ts';

/**
 * "Continue with Google / Microsoft" on both tabs of /auth, for the providers the server has
 * configured (none: nothing is shown). A sign-in that came back refused lands here with
 * `?signInError=<code>`: the message is said in a toast and beside the buttons.
 */
export function ProviderSignIn() {
  const config = usePublicConfig().data;
  const providers = config?.signInProviders ?? [];
  const schools = config?.ssoStart === true;
  const next = useAfterSignInPath();
  const error = useProviderOutcome();
  if (providers.length === 0 && !schools && !error) return null;
  return (
    <Wrap>
      <FormAlert message={error} />
      {(providers.length > 0 || schools) && (
        <>
          <Buttons>
            {providers.map((provider) => (
              <ButtonAnchor key={provider} variant="secondary" block href={providerStartUrl(provider, next)}>
                <ProviderLogo provider={provider} />
                {`Continue with ${SIGN_IN_PROVIDER_LABELS[provider]}`}
              </ButtonAnchor>
            ))}
            {schools && <SchoolSignIn next={next} />}
          </Buttons>
          <Divider>
            <span>or with your e-mail address</span>
          </Divider>
        </>
      )}
    </Wrap>
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
