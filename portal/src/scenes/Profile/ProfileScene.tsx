import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { UserDto } from '@atrium/common';
import { profileSchema } from '@atrium/common/schemas/auth';
import { errorText } from '../../api/client.ts';
import { useUpdateProfile } from '../../api/profile.ts';
import { useSendVerification } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { AccountSettings } from './AccountSettings.tsx';
import { AvatarCard } from './AvatarCard.tsx';
import { LinkedSignIns } from './LinkedSignIns.tsx';
import { Panel, PanelHeader } from './profileStyles.ts';

export function ProfileScene() {
  usePageTitle('Profile');
  const user = useSignedInUser();
  const [editing, setEditing] = useState(false);
  return (
    <Container $narrow>
      <PageHeading title="Profile" lead="Your photo and details, as other learners and your certificates show them." />
      <Stack>
        <AvatarCard user={user} />
        {editing ? <EditProfile user={user} onDone={() => setEditing(false)} /> : <ViewProfile user={user} onEdit={() => setEditing(true)} />}
        <LinkedSignIns />
        <AccountSettings />
      </Stack>
    </Container>
  );
}

function ViewProfile({ user, onEdit }: { user: UserDto; onEdit(): void }) {
  const rows: [string, string | null][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['School or company', user.company],
    ['Email', user.email],
  ];
  return (
    <Panel aria-labelledby="details-title">
      <PanelHeader>
        <h2 id="details-title">Your details</h2>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Icon name="edit" size={16} /> Edit Profile
        </Button>
      </PanelHeader>
      <Details>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value?.trim() ? value : <Empty>Not set</Empty>}</dd>
          </div>
        ))}
      </Details>
      <EmailVerification user={user} />
    </Panel>
  );
}

/** Whether the address is confirmed (needed to join a school by its e-mail domain). */
function EmailVerification({ user }: { user: UserDto }) {
  const send = useSendVerification();
  const { toast } = useToast();
  const verified = user.emailVerified === true;
  const request = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Verification e-mail sent', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Could not send the e-mail', description: errorText(error, 'Please try again in a moment.'), variant: 'destructive' }),
    });
  return (
    <Verification aria-label="E-mail verification">
      <div>
        <Badge $tone={verified ? 'success' : 'warning'}>{verified ? 'E-mail verified' : 'E-mail not verified'}</Badge>
        <p>
          {verified
            ? 'Your e-mail address is confirmed.'
            : 'Confirm your address through the link we e-mail you. If your school has registered its e-mail domain, you join it as soon as you confirm.'}
        </p>
      </div>
      {verified ? null : (
        <Button variant="secondary" size="sm" onClick={request} disabled={send.isPending}>
          <Icon name="mail" size={16} /> {send.isPending ? 'Sending…' : 'Send verification e-mail'}
        </Button>
      )}
    </Verification>
  );
}

function EditProfile({ user, onDone }: { user: UserDto; onDone(): void }) {
  const form = useForm({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', company: user.company ?? '' });
  const update = useUpdateProfile();
  const { toast } = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(profileSchema);
    if (!input) return;
    update.mutate(
      { firstName: input.firstName, lastName: input.lastName, company: input.company },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your changes have been saved.', variant: 'success' });
          onDone();
        },
        onError: () => toast({ title: 'Update Failed', description: 'Failed to update profile', variant: 'destructive' }),
      },
    );
  };

  return (
    <Panel aria-labelledby="edit-title">
      <PanelHeader>
        <h2 id="edit-title">Edit Profile</h2>
      </PanelHeader>
      <Form onSubmit={submit} noValidate>
        <Pair>
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </Pair>
        <TextField label="School or company (optional)" autoComplete="organization" {...form.field('company')} />
        <TextField label="Email" type="email" value={user.email} readOnly hint="Email cannot be changed" />
        <Actions>
          <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </Actions>
      </Form>
    </Panel>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  ${media.tablet} {
    grid-template-columns: 1fr 1fr;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 500;
  }
  dd {
    margin: 0;
    font-weight: 500;
    overflow-wrap: anywhere;
  }
`;

const Verification = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  div {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    justify-items: start;
    flex: 1 1 16rem;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 400;
  font-style: italic;
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 520px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
