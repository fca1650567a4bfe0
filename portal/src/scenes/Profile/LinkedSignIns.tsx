import styled from 'styled-components';
import { SIGN_IN_PROVIDER_LABELS, type LinkedSignInDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { errorText } from '../../api/client.ts';
import { usePublicConfig } from '../../api/config.ts';
import { useLinkedSignIns, useRemoveSignIn } from '../../api/signIns.ts';
import { Button } from '../../components/Button.tsx';
import { useProviderOutcome } from '../../session/providerSignIn.ts';
import { ConnectProvider } from './ConnectProvider.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { Panel, PanelHeader } from './profileStyles.ts';

/**
 * The school accounts (Google, Microsoft) that sign this person in, each removable unless it is
 * the last way in (no password and no other link): the server refuses that too. "Connect" links
 * a configured provider's account to this one, whatever its address, once the person confirmed it
 * is them (ConnectProvider); the provider sends the browser back here with the outcome.
 */
export function LinkedSignIns() {
  const query = useLinkedSignIns();
  const remove = useRemoveSignIn();
  const { toast } = useToast();
  const outcome = useProviderOutcome();
  const providers = usePublicConfig().data?.signInProviders ?? [];
  const data = query.data;
  const unlinked = data ? providers.filter((provider) => !data.signIns.some((signIn) => signIn.provider === provider)) : [];
  if (data && data.signIns.length === 0 && providers.length === 0 && !outcome) return null;
  const lastWayIn = data ? !data.hasPassword && data.signIns.length === 1 : false;
  const onRemove = (signIn: LinkedSignInDto) =>
    remove.mutate(signIn.provider, {
      onSuccess: () => toast({ title: `${SIGN_IN_PROVIDER_LABELS[signIn.provider]} sign-in removed`, variant: 'success' }),
      onError: (error) => toast({ title: 'Not removed', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });
  return (
    <Panel aria-labelledby="sign-ins-title">
      <PanelHeader>
        <h2 id="sign-ins-title">Linked sign-ins</h2>
      </PanelHeader>
      <FormAlert message={outcome} />
      {data ? null : (
        <QueryState read={query} size="panel" loading="Loading your linked sign-ins" failed="Your linked sign-ins could not be loaded.">
          {() => null}
        </QueryState>
      )}
      {data && (
        <>
          {data.signIns.length === 0 ? <Note>Sign in with your school's Google or Microsoft account instead of a password: connect it here.</Note> : null}
          {data.signIns.length > 0 ? (
            <List>
              {data.signIns.map((signIn) => (
                <li key={signIn.provider}>
                  <div>
                    <strong>{SIGN_IN_PROVIDER_LABELS[signIn.provider]}</strong>
                    <span>{signIn.email ?? 'No e-mail address shared'}</span>
                    <small>
                      Linked {formatInstantDate(signIn.linkedAt)}
                      {signIn.lastUsedAt ? ` · last used ${formatInstantDate(signIn.lastUsedAt)}` : ''}
                    </small>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={lastWayIn || remove.isPending}
                    aria-label={`Remove ${SIGN_IN_PROVIDER_LABELS[signIn.provider]} sign-in`}
                    onClick={() => onRemove(signIn)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </List>
          ) : null}
          {unlinked.length > 0 ? <ConnectProvider providers={unlinked} hasPassword={data.hasPassword} reauthWith={data.signIns[0]?.provider ?? null} /> : null}
          {lastWayIn && (
            <Note>
              This is your only way to sign in, so it cannot be removed. To sign in with a password as well, use “Forgot your password?” on the sign-in page to
              set one.
            </Note>
          )}
        </>
      )}
    </Panel>
  );
}

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }

  li > div {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    min-width: 0;
  }

  span {
    overflow-wrap: anywhere;
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Note = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;
