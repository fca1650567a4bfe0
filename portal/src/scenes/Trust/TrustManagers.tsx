import { trustInviteSchema } from '@atrium/common';
import { Form } from '../../components/Form.tsx';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { useInviteTrustColleague, useTrustManagers } from '../../api/trusts.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Muted, Panel, PanelHeader, PanelLead, RowList } from '../../components/Panel.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';

/** The trust's managers and open invitations, and the form that invites a colleague. */
export function TrustManagers({ trustId }: { trustId: number }) {
  const managers = useTrustManagers(trustId);
  const invite = useInviteTrustColleague(trustId);
  const { toast } = useToast();
  const form = useForm({ email: '' });
  const submit = form.handleSubmit(trustInviteSchema, ({ email }) =>
    invite.mutate(email, {
      onSuccess: (answer) => {
        form.reset();
        toast({ title: 'Invitation sent', description: answer.message, variant: 'success' });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) form.setErrors({ email: errorText(error, 'The invitation could not be sent.') });
      },
    }),
  );
  return (
    <Panel aria-labelledby="trust-managers-title">
      <PanelHeader>
        <h2 id="trust-managers-title">Trust managers</h2>
      </PanelHeader>
      <PanelLead>Everyone here sees every school of the trust. Invite a colleague by e-mail: the link works for their address only, for 30 days.</PanelLead>
      <QueryState read={managers} size="panel" loading="Loading the managers" failed="The managers could not be loaded.">
        {(data) => (
          <RowList aria-label="Trust managers">
            {data.managers.map((manager) => (
              <Row key={manager.userId}>
                <strong>{manager.name}</strong>
                <Muted>{manager.email}</Muted>
              </Row>
            ))}
            {data.invitations.map((invitation) => (
              <Row key={`i${invitation.id}`}>
                <strong>{invitation.email}</strong>
                <Muted>{invitation.status === 'expired' ? 'Invitation expired' : 'Invited, not accepted yet'}</Muted>
              </Row>
            ))}
          </RowList>
        )}
      </QueryState>
      <InviteForm onSubmit={submit} noValidate>
        <TextField label="Colleague's e-mail address" type="email" autoComplete="off" {...form.field('email')} />
        <Button type="submit" disabled={invite.isPending || form.values.email.trim() === ''}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </InviteForm>
    </Panel>
  );
}

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs} 0;
  overflow-wrap: anywhere;
`;

const InviteForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  max-width: 28rem;
`;
