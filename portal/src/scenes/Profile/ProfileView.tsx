import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { UserDto } from '@atrium/common';
import { profileSchema, type ProfileInput } from '@atrium/common/schemas/auth';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { useForm } from '../../components/useForm.ts';
import { Panel, PanelHeader } from './profileStyles.ts';

/** The details as the form checked them (the schema the server checks them with). */
export type ProfileDetailsInput = Pick<ProfileInput, 'firstName' | 'lastName' | 'company'>;

export interface ProfileViewProps {
  user: UserDto;
  /** The details panel is the form. */
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  /** Saves the details the form checked; the container says how it went and closes the form. */
  onSave: (input: ProfileDetailsInput) => void;
  saving: boolean;
  /** Sends the link that confirms the address. */
  onSendVerification: () => void;
  sendingVerification: boolean;
  /** The photo panel, the linked sign-ins and the account's settings: each its own container. */
  avatar?: ReactNode;
  linkedSignIns?: ReactNode;
  accountSettings?: ReactNode;
}

/** /profile: the person's photo, details and e-mail confirmation, linked sign-ins and account settings. */
export function ProfileView({
  user,
  editing,
  onEdit,
  onCancelEdit,
  onSave,
  saving,
  onSendVerification,
  sendingVerification,
  avatar,
  linkedSignIns,
  accountSettings,
}: ProfileViewProps) {
  return (
    <Container $narrow>
      <PageHeading title="Profile" lead="Your photo and details, as other learners and your certificates show them." />
      <Stack>
        {avatar}
        {editing ? (
          <EditProfile user={user} onCancel={onCancelEdit} onSave={onSave} saving={saving} />
        ) : (
          <ViewProfile user={user} onEdit={onEdit} onSendVerification={onSendVerification} sendingVerification={sendingVerification} />
        )}
        {linkedSignIns}
        {accountSettings}
      </Stack>
    </Container>
  );
}

function ViewProfile({
  user,
  onEdit,
  onSendVerification,
  sendingVerification,
}: Pick<ProfileViewProps, 'user' | 'onEdit' | 'onSendVerification' | 'sendingVerification'>) {
  const rows: [string, string | null][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['School or company', user.company],
    ['Email', user.email],
  ];
  const verified = user.emailVerified === true;
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
      {/* Whether the address is confirmed (needed to join a school by its e-mail domain). */}
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
          <Button variant="secondary" size="sm" onClick={onSendVerification} disabled={sendingVerification}>
            <Icon name="mail" size={16} /> {sendingVerification ? 'Sending…' : 'Send verification e-mail'}
          </Button>
        )}
      </Verification>
    </Panel>
  );
}

function EditProfile({ user, onCancel, onSave, saving }: { user: UserDto; onCancel(): void; onSave(input: ProfileDetailsInput): void; saving: boolean }) {
  const form = useForm({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', company: user.company ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate(profileSchema);
    if (!input) return;
    onSave({ firstName: input.firstName, lastName: input.lastName, company: input.company });
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
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save Changes'}
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
