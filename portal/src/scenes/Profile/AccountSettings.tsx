import { readerDay } from '@atrium/common/rules/dates';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { changePasswordSchema } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useChangePassword, useExportMyData } from '../../api/profile.ts';
import { Button } from '../../components/Button.tsx';
import { Form, PasswordField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { saveFile } from '../../components/saveFile.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { Panel, PanelHeader } from './profileStyles.ts';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';

/**
 * What UK GDPR gives a learner over their account, from the API that already offers it: a new
 * password, signing out everywhere, a copy of their data, and erasure.
 */
export function AccountSettings() {
  return (
    <>
      <ChangePassword />
      <SignOutEverywhere />
      <YourData />
    </>
  );
}

type PasswordFields = { currentPassword: string; newPassword: string };

function ChangePassword() {
  const form = useForm<PasswordFields>({ currentPassword: '', newPassword: '' });
  const change = useChangePassword();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(changePasswordSchema);
    if (!input) return;
    change.mutate(input, {
      onSuccess: (answer) => {
        form.reset();
        toast({ title: 'Password changed', description: answer.message, variant: 'success' });
      },
      onError: (error) => {
        // A wrong current password is the server's answer about one field: shown on that field.
        if (form.showServerErrors(error)) return;
        toast({ title: 'Password not changed', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' });
      },
    });
  };

  return (
    <Panel aria-labelledby="password-title">
      <PanelHeader>
        <h2 id="password-title">Password</h2>
      </PanelHeader>
      <Form onSubmit={submit} noValidate aria-label="Change password">
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters. Your other devices are signed out."
          {...form.field('newPassword')}
        />
        <Actions>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </Button>
        </Actions>
      </Form>
    </Panel>
  );
}

function YourData() {
  const download = useExportMyData();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState(false);

  const exportData = () =>
    download.mutate(undefined, {
      onSuccess: ({ blob, filename }) => {
        const name = filename ?? `my-data-${readerDay(Date.now())}.json`;
        saveFile(blob, name);
        toast({ title: 'Your data is downloaded', description: `Saved as ${name}.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'Download failed', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });

  return (
    <Panel aria-labelledby="data-title">
      <PanelHeader>
        <h2 id="data-title">Your data</h2>
      </PanelHeader>
      <Rows>
        <Row>
          <div>
            <h3>Download my data</h3>
            <p>
              Your profile and photo, linked sign-ins, schools and invitations, courses, progress, comments, certificates with their digital credentials,
              orders, payments, messages, reminders sent and mail you turned off, as one file.
            </p>
          </div>
          <Button variant="secondary" onClick={exportData} disabled={download.isPending}>
            <Icon name="download" size={18} /> {download.isPending ? 'Preparing…' : 'Download my data'}
          </Button>
        </Row>
        <Row>
          <div>
            <h3>Delete my account</h3>
            <p>
              Everything that identifies you is removed, linked sign-ins and school memberships included, and you are signed out everywhere. This cannot be
              undone.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Icon name="trash" size={18} /> Delete my account
          </Button>
        </Row>
      </Rows>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Panel>
  );
}

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

const Rows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Row = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};

  & + & {
    padding-top: ${({ theme }) => theme.space.lg};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  div {
    flex: 1 1 16rem;
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 700;
  }
  p {
    margin-top: ${({ theme }) => theme.space.xxs};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;
