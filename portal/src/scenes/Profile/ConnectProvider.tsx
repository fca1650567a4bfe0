import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { SIGN_IN_PROVIDER_LABELS, type SignInProviderName } from '@atrium/common';
import { ApiError, errorText } from '../../api/client.ts';
import { useConfirmLink } from '../../api/signIns.ts';
import { Button, ButtonAnchor } from '../../components/Button.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { ProviderLogo } from '../../components/ProviderLogo.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { goTo } from '../../session/browserNavigation.ts';
import { providerStartUrl } from '../../session/providerSignIn.ts';

/**
 * "Connect Google / Microsoft": a new way into the account, so the server first wants to know it
 * is the owner: the password, or (for an account without one) a sign-in of the last few minutes.
 * Once confirmed, the browser goes to the provider and comes back to /profile.
 */
export function ConnectProvider({
  providers,
  hasPassword,
  reauthWith,
}: {
  providers: SignInProviderName[];
  hasPassword: boolean;
  reauthWith: SignInProviderName | null;
}) {
  const confirm = useConfirmLink();
  const { toast } = useToast();
  const [asking, setAsking] = useState<SignInProviderName | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const start = (provider: SignInProviderName, typed?: string) =>
    confirm.mutate(
      { provider, password: typed },
      {
        onSuccess: ({ url }) => goTo(url),
        onError: (error) => {
          const field = error instanceof ApiError && error.status === 400 ? (error.data?.errors as { password?: string } | undefined)?.password : undefined;
          if (field) setPasswordError(field);
          else if (error instanceof ApiError && error.status === 403) setRefusal(errorText(error, 'Sign in again, then connect it.'));
          else toast({ title: 'Not connected', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' });
        },
      },
    );
  const onConnect = (provider: SignInProviderName) => {
    setRefusal(null);
    if (hasPassword) {
      setAsking(provider);
      setPassword('');
      setPasswordError(undefined);
    } else start(provider);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return;
    if (!password) {
      setPasswordError('Enter your password');
      return;
    }
    start(asking, password);
  };

  return (
    <>
      {refusal ? (
        <Refusal>
          <FormAlert message={refusal} />
          {reauthWith ? (
            <ButtonAnchor variant="secondary" size="sm" href={providerStartUrl(reauthWith, '/profile')}>
              <ProviderLogo provider={reauthWith} />
              {`Sign in again with ${SIGN_IN_PROVIDER_LABELS[reauthWith]}`}
            </ButtonAnchor>
          ) : null}
        </Refusal>
      ) : null}
      {asking ? (
        <Form onSubmit={submit} noValidate aria-label={`Connect ${SIGN_IN_PROVIDER_LABELS[asking]}`}>
          <p>{`To connect ${SIGN_IN_PROVIDER_LABELS[asking]}, confirm it is you. We will e-mail your address once it is connected.`}</p>
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
          />
          <Actions>
            <Button type="button" variant="secondary" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Checking…' : `Continue to ${SIGN_IN_PROVIDER_LABELS[asking]}`}
            </Button>
          </Actions>
        </Form>
      ) : (
        <Buttons>
          {providers.map((provider) => (
            <Button key={provider} variant="secondary" size="sm" disabled={confirm.isPending} onClick={() => onConnect(provider)}>
              <ProviderLogo provider={provider} />
              {`Connect ${SIGN_IN_PROVIDER_LABELS[provider]}`}
            </Button>
          ))}
        </Buttons>
      )}
    </>
  );
}

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};

  button {
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Refusal = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};

  a {
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
