import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import type { AdminAccountDto } from '@atrium/common';
import { grantAdminSchema } from '@atrium/common/schemas/admins';
import { useAdmins, useGrantAdmin, useRevokeAdmin } from '../../../api/adminAdmins.ts';
import { errorText } from '../../../api/client.ts';
import { useCurrentUserQuery } from '../../../api/session.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Form, TextField } from '../../../components/Field.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { useForm } from '../../../components/useForm.ts';
import { ItemRow } from '../shared/adminStyles.ts';
import { Muted, Panel, PanelHeader, PanelLead, RowList } from '../../../components/Panel.ts';
import { QueryState } from '../../../components/QueryState.tsx';

const nameOf = (admin: AdminAccountDto) => [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email;

/** Who holds the admin role: grant it to a verified account, take it away (never from the last admin). */
export function AdminsPanel() {
  const admins = useAdmins();
  const me = useCurrentUserQuery().data;
  const grant = useGrantAdmin();
  const revoke = useRevokeAdmin();
  const { toast } = useToast();
  const navigate = useNavigate();
  const form = useForm({ email: '' });
  const [removing, setRemoving] = useState<AdminAccountDto | null>(null);
  const list = admins.data ?? [];
  const removingSelf = removing !== null && removing.id === me?.id;

  const submit = form.handleSubmit(grantAdminSchema, ({ email }) =>
    grant.mutate(email, {
      onSuccess: (admin) => {
        toast({ title: 'Admin added', description: `${admin.email} can use the admin pages now.`, variant: 'success' });
        form.reset();
      },
      onError: (error) => form.setErrors({ email: errorText(error, 'Could not add the admin. Please try again.') }),
    }),
  );

  const confirmRemove = () => {
    if (!removing) return;
    const self = removingSelf;
    // The promise, not mutate's callbacks: an admin who removes themselves loses the admin pages
    // as soon as their refreshed account arrives, and TanStack Query drops a mutate call's callbacks
    // once their component has unmounted (no toast, no way out of "Access denied").
    revoke.mutateAsync(removing.id).then(
      (answer) => {
        setRemoving(null);
        toast({ title: 'Admin removed', description: answer.message, variant: 'success' });
        if (self) void navigate('/dashboard');
      },
      (error: unknown) => {
        setRemoving(null);
        toast({ title: 'Could not remove the admin', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    );
  };

  return (
    <Panel aria-labelledby="admins-title">
      <PanelHeader>
        <h2 id="admins-title">Admins</h2>
        {admins.data ? <Muted>{list.length === 1 ? '1 admin' : `${list.length} admins`}</Muted> : null}
      </PanelHeader>
      <PanelLead>
        Admins manage courses, students, schools and sales. Only someone with an account whose address is verified can be made an admin. The last admin cannot
        be removed.
      </PanelLead>
      <QueryState read={admins} size="panel" loading="Loading the admins" failed="The admins could not be loaded.">
        {() => (
          <RowList aria-label="Admins">
            {list.map((admin) => (
              <ItemRow key={admin.id}>
                <Who>
                  <strong>{nameOf(admin)}</strong> {admin.id === me?.id ? <Badge $tone="accent">You</Badge> : null}{' '}
                  {admin.emailVerified ? null : <Badge $tone="warning">Address not verified</Badge>}
                  <Muted as="p">{admin.email}</Muted>
                </Who>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={list.length <= 1 || revoke.isPending}
                  title={list.length <= 1 ? 'The only admin cannot be removed' : undefined}
                  onClick={() => setRemoving(admin)}
                  aria-label={`Remove ${admin.email} as admin`}
                >
                  Remove
                </Button>
              </ItemRow>
            ))}
          </RowList>
        )}
      </QueryState>
      <AddForm onSubmit={submit} noValidate aria-label="Add an admin">
        <TextField
          label="Add an admin"
          type="email"
          placeholder="colleague@agency.com"
          autoComplete="off"
          hint="Their account must exist and its address be verified."
          {...form.field('email')}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={grant.isPending}>
            {grant.isPending ? 'Adding…' : 'Make admin'}
          </Button>
        </div>
      </AddForm>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={removingSelf ? 'Remove yourself as admin?' : `Remove ${removing?.email ?? ''} as admin?`}
        description={
          removingSelf
            ? 'You will lose access to the admin pages at once, and only another admin can give it back. Your account stays, as a learner.'
            : 'They lose access to the admin pages at once. Their account stays, as a learner; you can make them an admin again.'
        }
        confirmLabel={removingSelf ? 'Remove myself' : 'Remove admin'}
        busy={revoke.isPending}
        busyLabel="Removing…"
        onConfirm={confirmRemove}
      />
    </Panel>
  );
}

const Who = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const AddForm = styled(Form)`
  margin-top: ${({ theme }) => theme.space.md};
`;
