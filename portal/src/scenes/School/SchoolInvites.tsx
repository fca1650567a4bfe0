import { useState } from 'react';
import styled from 'styled-components';
import type { CreatedInviteDto, SchoolInviteDto } from '@atrium/common';
import { email as emailSchema } from '@atrium/common/schemas/common';
import { inviteEmailSchema, inviteSchema } from '@atrium/common/schemas/schools';
import { errorText } from '../../api/client.ts';
import { useCreateInvite, useEmailInvites, useRevokeInvite, useSchoolInvites } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextAreaField, TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { formatShortDate } from '@atrium/common/rules/dates';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { Muted, Panel, PanelHeader, PanelLead, RowList } from '../../components/Panel.ts';

/** The addresses in a pasted list: separated by commas, semicolons, spaces or lines. */
export const splitAddresses = (raw: string): string[] =>
  raw
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Splits a pasted list of addresses (commas, semicolons, spaces or lines) and finds the bad ones. */
export function parseEmails(raw: string): { emails: string[]; invalid: string[] } {
  const parts = splitAddresses(raw);
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    const parsed = emailSchema.safeParse(part);
    if (parsed.success) {
      if (!emails.includes(parsed.data)) emails.push(parsed.data);
    } else invalid.push(part);
  }
  return { emails, invalid };
}

export function SchoolInvites({ schoolId }: { schoolId: number }) {
  return (
    <Panel aria-labelledby="invites-title">
      <PanelHeader>
        <h2 id="invites-title">Invite colleagues</h2>
      </PanelHeader>
      <Sections>
        <InviteLink schoolId={schoolId} />
        <EmailInvites schoolId={schoolId} />
        <InviteList schoolId={schoolId} />
      </Sections>
    </Panel>
  );
}

function InviteLink({ schoolId }: { schoolId: number }) {
  const create = useCreateInvite(schoolId);
  const { toast } = useToast();
  const form = useForm({ expiresInDays: '', maxUses: '' });
  const [created, setCreated] = useState<CreatedInviteDto | null>(null);

  const submit = form.handleSubmit(
    inviteSchema,
    ({ expiresInDays, maxUses }) =>
      create.mutate(
        { ...(expiresInDays ? { expiresInDays } : {}), ...(maxUses ? { maxUses } : {}) },
        {
          onSuccess: (invite) => setCreated(invite),
          onError: (error) => {
            if (form.showServerErrors(error)) return;
            toast({ title: 'Could not create the link', description: errorText(error, 'Please try again.'), variant: 'destructive' });
          },
        },
      ),
    // A blank field means no limit.
    { toInput: (values) => ({ expiresInDays: values.expiresInDays.trim() || undefined, maxUses: values.maxUses.trim() || undefined }) },
  );

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      toast({ title: 'Link copied', description: 'Paste it into an e-mail or message to your colleagues.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="link-title">
      <h3 id="link-title">Invite link</h3>
      <PanelLead>Anyone with the link can join the school. Leave the fields blank for a link that never expires and has no limit.</PanelLead>
      <Form onSubmit={submit} noValidate aria-label="Create an invite link">
        <Pair>
          <TextField label="Expires after (days, optional)" inputMode="numeric" {...form.field('expiresInDays')} />
          <TextField label="Maximum uses (optional)" inputMode="numeric" {...form.field('maxUses')} />
        </Pair>
        <div>
          <Button type="submit" disabled={create.isPending}>
            <Icon name="plus" size={18} /> {create.isPending ? 'Creating…' : 'Create invite link'}
          </Button>
        </div>
      </Form>
      {created ? (
        <Created role="status" aria-labelledby="created-title">
          <strong id="created-title">Your new invite link</strong>
          <LinkRow>
            <LinkText>{created.url}</LinkText>
            <Button size="sm" onClick={() => void copy()}>
              <Icon name="copy" size={16} /> Copy
            </Button>
          </LinkRow>
          <Muted>This link is shown only once: copy it now. If you lose it, withdraw it and create a new one.</Muted>
        </Created>
      ) : null}
    </section>
  );
}

function EmailInvites({ schoolId }: { schoolId: number }) {
  const send = useEmailInvites(schoolId);
  const { toast } = useToast();
  const form = useForm({ emails: '' });
  const submit = form.handleSubmit(
    inviteEmailSchema,
    ({ emails }) =>
      send.mutate([...new Set(emails)], {
        onSuccess: (answer) => {
          toast({ title: 'Invitations sent', description: answer.message, variant: 'success' });
          form.reset();
        },
        onError: (error) => toast({ title: 'Could not send the invitations', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
      }),
    {
      toInput: (values) => ({ emails: splitAddresses(values.emails) }),
      // The schema names the first bad address's problem; the list says which ones to fix.
      onInvalid: () => {
        const { invalid } = parseEmails(form.values.emails);
        if (invalid.length) form.setErrors({ emails: `Not valid e-mail addresses: ${invalid.join(', ')}` });
      },
    },
  );
  return (
    <section aria-labelledby="email-title">
      <h3 id="email-title">Invite by e-mail</h3>
      <Form onSubmit={submit} noValidate aria-label="Invite by e-mail">
        <TextAreaField
          label="E-mail addresses"
          hint="One per line, or separated by commas. Each person gets a link of their own, valid for 30 days, and is listed under Members as invited until they join."
          rows={4}
          {...form.field('emails')}
        />
        <div>
          <Button type="submit" variant="secondary" disabled={send.isPending}>
            <Icon name="mail" size={18} /> {send.isPending ? 'Sending…' : 'Send invitations'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function inviteSummary(invite: SchoolInviteDto): string {
  const parts = [`Created ${formatShortDate(invite.createdAt)}`];
  parts.push(invite.maxUses === null ? `used ${invite.uses} ${invite.uses === 1 ? 'time' : 'times'}` : `used ${invite.uses} of ${invite.maxUses}`);
  if (invite.expiresAt) parts.push(`${new Date(invite.expiresAt) > new Date() ? 'expires' : 'expired'} ${formatShortDate(invite.expiresAt)}`);
  return parts.join(' · ');
}

function InviteList({ schoolId }: { schoolId: number }) {
  const invites = useSchoolInvites(schoolId);
  const revoke = useRevokeInvite(schoolId);
  const { toast } = useToast();
  const withdraw = (invite: SchoolInviteDto) =>
    revoke.mutate(invite.id, {
      onSuccess: () => toast({ title: 'Invite link withdrawn', description: 'Nobody can join with it any more.', variant: 'success' }),
      onError: (error) => toast({ title: 'Could not withdraw the link', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <section aria-labelledby="list-title">
      <h3 id="list-title">Invite links</h3>
      <PanelLead>The links you created to share. People invited by e-mail are listed under Members.</PanelLead>
      <QueryState
        read={invites}
        size="panel"
        loading="Loading invite links"
        failed="The invite links could not be loaded."
        isEmpty={(links) => links.length === 0}
        empty="No invite links yet."
      >
        {(links) => (
          <RowList>
            {links.map((invite) => (
              <InviteRow key={invite.id}>
                <div>
                  <Badge $tone={invite.active ? 'success' : 'neutral'}>{invite.active ? 'Active' : invite.revokedAt ? 'Withdrawn' : 'Not usable'}</Badge>
                  <Muted>{inviteSummary(invite)}</Muted>
                </div>
                {invite.active ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => withdraw(invite)}
                    disabled={revoke.isPending}
                    aria-label={`Withdraw invite link created ${formatShortDate(invite.createdAt)}`}
                  >
                    Withdraw
                  </Button>
                ) : null}
              </InviteRow>
            ))}
          </RowList>
        )}
      </QueryState>
    </section>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  h3 {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 520px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Created = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.accentSoft};
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const LinkText = styled.code`
  flex: 1 1 14rem;
  min-width: 0;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
  user-select: all;
`;

const InviteRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} 0;

  div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;
