import { useState } from 'react';
import styled from 'styled-components';
import type { SchoolDomainDto } from '@atrium/common';
import { domainFormSchema, googleWorkspaceFormSchema } from '@atrium/common/schemas/schools';
import { errorText } from '../../api/client.ts';
import { useAddDomain, useCheckDomain, useRemoveDomain, useSetGoogleWorkspace } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { EmptyText, Panel, PanelHeader, PanelLead, RowList } from '../../components/Panel.ts';

/**
 * The school's own e-mail domains: staff who verify an address there join automatically, once
 * the school has proven the domain is its own (a DNS TXT record, or an admin's approval).
 */
export function SchoolDomains({ schoolId, domains }: { schoolId: number; domains: SchoolDomainDto[] }) {
  const add = useAddDomain(schoolId);
  const check = useCheckDomain(schoolId);
  const remove = useRemoveDomain(schoolId);
  const { toast } = useToast();
  const form = useForm({ domain: '' });
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = form.handleSubmit(domainFormSchema, ({ domain }) =>
    add.mutate(domain, {
      onSuccess: (answer) => {
        toast({
          title: answer.verifiedAt ? 'Domain added' : 'Domain claimed: now prove it',
          description: answer.verifiedAt
            ? `Staff who verify an @${answer.domain} address join automatically.`
            : `Add the TXT record shown below to @${answer.domain}, then press “Check now”. Until then nobody joins through it.`,
          variant: 'success',
        });
        form.reset();
      },
      // The server's sentence says more than its per-field note (which domain it expected).
      onError: (error) => form.setErrors({ domain: errorText(error, 'Could not add the domain. Please try again.') }),
    }),
  );

  const runCheck = (domain: string) =>
    check.mutate(domain, {
      onSuccess: (answer) =>
        toast({
          title: `@${answer.domain} is proven`,
          description:
            answer.joinedMembers > 0
              ? `${answer.joinedMembers} colleagues with verified addresses joined.`
              : `Staff who verify an @${answer.domain} address now join automatically.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Not proven yet', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: (answer) => {
        toast({ title: 'Domain removed', description: answer.message, variant: 'success' });
        setRemoving(null);
      },
    });
  };

  return (
    <Panel aria-labelledby="domains-title">
      <PanelHeader>
        <h2 id="domains-title">E-mail domains</h2>
      </PanelHeader>
      <PanelLead>
        Colleagues who register with an address at your school's domain and verify it join the school automatically, once you have proven the domain is your
        school's: add a TXT record to its DNS (your IT provider can help), or ask us to approve it. Your own address must be at the domain; public services such
        as gmail.com cannot be added.
      </PanelLead>
      {domains.length === 0 ? (
        <EmptyText>No domains yet.</EmptyText>
      ) : (
        <RowList>
          {domains.map((domain) => (
            <DomainRow key={domain.domain}>
              <DomainLine>
                <span>
                  <strong>@{domain.domain}</strong>{' '}
                  {domain.verifiedAt ? (
                    <Badge $tone="success">{domain.proof === 'admin' ? 'Approved' : 'Proven'}</Badge>
                  ) : (
                    <Badge $tone="warning">Waiting for proof</Badge>
                  )}
                </span>
                <Actions>
                  {domain.txtRecord ? (
                    <Button size="sm" variant="secondary" disabled={check.isPending} onClick={() => runCheck(domain.domain)}>
                      {check.isPending && check.variables === domain.domain ? 'Checking…' : 'Check now'}
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(domain.domain)} aria-label={`Remove ${domain.domain}`}>
                    Remove
                  </Button>
                </Actions>
              </DomainLine>
              {domain.txtRecord ? <TxtInstructions record={domain.txtRecord} /> : null}
              {domain.verifiedAt ? <GoogleWorkspaceForm schoolId={schoolId} domain={domain} /> : null}
            </DomainRow>
          ))}
        </RowList>
      )}
      <Form onSubmit={submit} noValidate aria-label="Add a domain" style={{ marginTop: '1rem' }}>
        <TextField label="Domain" placeholder="stmarys.sch.uk" autoCapitalize="none" spellCheck={false} {...form.field('domain')} />
        <div>
          <Button type="submit" variant="secondary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add domain'}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (open) return;
          setRemoving(null);
          remove.reset();
        }}
        title={`Remove @${removing ?? ''}?`}
        description="New colleagues will no longer join through this domain. Members who already joined stay members."
        confirmLabel="Remove domain"
        busy={remove.isPending}
        busyLabel="Removing…"
        // The dialog stays open for another try, so a refusal is said in it.
        error={remove.error ? errorText(remove.error, 'The domain was not removed. Please try again.') : null}
        onConfirm={confirmRemove}
      />
    </Panel>
  );
}

/**
 * The Google Workspace a proven domain requires: Google sign-in with an address there then needs
 * an account that Workspace manages (the server checks the sign-in's `hd`). Blank: any Google
 * account Google vouches for.
 */
function GoogleWorkspaceForm({ schoolId, domain }: { schoolId: number; domain: SchoolDomainDto }) {
  const save = useSetGoogleWorkspace(schoolId);
  const { toast } = useToast();
  const form = useForm({ hd: domain.googleWorkspaceDomain ?? '' });
  const submit = form.handleSubmit(googleWorkspaceFormSchema, ({ hd }) =>
    save.mutate(
      { domain: domain.domain, hd: hd === '' ? null : hd },
      {
        onSuccess: (answer) => {
          form.setValues({ hd: answer.googleWorkspaceDomain ?? '' });
          toast({
            title: answer.googleWorkspaceDomain ? 'Google Workspace saved' : 'Google Workspace removed',
            description: answer.googleWorkspaceDomain
              ? `Google sign-in with an @${answer.domain} address now needs an account of the ${answer.googleWorkspaceDomain} Workspace.`
              : `Any Google account with an @${answer.domain} address can sign in again.`,
            variant: 'success',
          });
        },
        onError: (error) => form.setErrors({ hd: errorText(error, 'Could not save the Google Workspace. Please try again.') }),
      },
    ),
  );
  return (
    <WorkspaceForm onSubmit={submit} noValidate aria-label={`Google Workspace for ${domain.domain}`}>
      <TextField
        label="Google Workspace (optional)"
        hint="Only Google accounts managed by your school's Workspace can sign in with addresses at this domain: enter the Workspace's main domain, or leave it blank to allow any Google account."
        placeholder={domain.domain}
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('hd')}
      />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </WorkspaceForm>
  );
}

/** What to publish, said plainly: nobody joins through the domain until the record is seen. */
function TxtInstructions({ record }: { record: { host: string; value: string } }) {
  return (
    <Instructions>
      <p>
        Nobody joins through this domain until it is proven. Add this TXT record at your domain's DNS provider, then press “Check now” (a new record can take up
        to an hour to be seen). If you cannot change the DNS, use the contact form and we will check with you and approve it.
      </p>
      <Record>
        <dt>Type</dt>
        <dd>TXT</dd>
        <dt>Host / name</dt>
        <dd>
          <code>@</code> ({record.host})
        </dd>
        <dt>Value</dt>
        <dd>
          <code>{record.value}</code>
        </dd>
      </Record>
    </Instructions>
  );
}

const DomainRow = styled.li`
  padding: ${({ theme }) => theme.space.xs} 0;
  overflow-wrap: anywhere;
`;

const DomainLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const WorkspaceForm = styled(Form)`
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Instructions = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  p {
    margin: 0 0 ${({ theme }) => theme.space.xs};
  }
`;

const Record = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    min-width: 0;
  }

  code {
    word-break: break-all;
    user-select: all;
  }
`;
