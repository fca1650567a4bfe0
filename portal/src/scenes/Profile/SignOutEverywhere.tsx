import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { useClearSession } from '../../api/session.ts';
import { useSignOutEverywhere } from '../../api/signIns.ts';
import { Button } from '../../components/Button.tsx';
import { CheckboxField } from '../../components/CheckboxField.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { Panel, PanelHeader } from './profileStyles.ts';

/**
 * Ends every session of the account, this one included, and on request removes the linked
 * Google / Microsoft sign-ins too: someone who got in may have connected one of their own.
 */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const [removeSignIns, setRemoveSignIns] = useState(false);
  const clearSession = useClearSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const run = () =>
    signOut.mutate(removeSignIns, {
      onSuccess: (answer) => {
        toast({ title: 'Signed out everywhere', description: answer.message, variant: 'success' });
        navigate('/auth');
        clearSession();
      },
    });
  return (
    <Panel aria-labelledby="devices-title">
      <PanelHeader>
        <h2 id="devices-title">Signed-in devices</h2>
      </PanelHeader>
      <Body>
        <p>Sign out on every computer and phone where your account is open, this one too.</p>
        <CheckboxField
          label="Also remove my linked Google / Microsoft sign-ins"
          hint="Choose this if someone else may have used your account. Needs a password, so you still have a way in."
          checked={removeSignIns}
          onChange={(event) => setRemoveSignIns(event.target.checked)}
        />
        <FormAlert message={signOut.error ? errorText(signOut.error, 'You could not be signed out everywhere. Please try again.') : null} />
        <div>
          <Button variant="secondary" onClick={run} disabled={signOut.isPending}>
            {signOut.isPending ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </div>
      </Body>
    </Panel>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
