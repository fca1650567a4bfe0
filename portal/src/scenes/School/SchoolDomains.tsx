import { useState } from 'react';
import styled from 'styled-components';
import type { SchoolDomainDto } from '@atrium/common';
import { domainFormSchema } from '@atrium/common/schemas/schools';
import { errorText } from '../../api/client.ts';
import { useAddDomain, useRemoveDomain } from '../../api/schools.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Form, TextField } from '../../components/Field.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { EmptyText, Panel, PanelHeader, PanelLead, RowList } from '../Admin/adminStyles.ts';

/** The school's own e-mail domains: staff who verify an address there join automatically. */
export function SchoolDomains({ schoolId, domains }: { schoolId: number; domains: SchoolDomainDto[] }) {
  const add = useAddDomain(schoolId);
  const remove = useRemoveDomain(schoolId);
  const { toast } = useToast();
  const form = useForm({ domain: '' });
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = form.handleSubmit(domainFormSchema, ({ domain }) =>
    add.mutate(domain, {
      onSuccess: (answer) => {
        toast({
          title: 'Domain added',
          description:
            answer.joinedMembers > 0
              ? `${answer.joinedMembers} colleagues with verified addresses joined.`
              : `Staff who verify an @${answer.domain} address join automatically.`,
          variant: 'success',
        });
        form.reset();
      },
      // The server's sentence says more than its per-field note (which domain it expected).
      onError: (error) => form.setErrors({ domain: errorText(error, 'Could not add the domain. Please try again.') }),
    }),
  );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: (answer) => {
        toast({ title: 'Domain removed', description: answer.message, variant: 'success' });
        setRemoving(null);
      },
      onError: (error) => toast({ title: 'Could not remove the domain', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <Panel aria-labelledby="domains-title">
      <PanelHeader>
        <h2 id="domains-title">E-mail domains</h2>
      </PanelHeader>
      <PanelLead>
        Colleagues who register with an address at your school's domain and verify it join the school automatically. Your own address must be at the domain;
        public services such as gmail.com cannot be added.
      </PanelLead>
      {domains.length === 0 ? (
        <EmptyText>No domains yet.</EmptyText>
      ) : (
        <RowList>
          {domains.map((domain) => (
            <DomainRow key={domain.domain}>
              <span>
                <strong>@{domain.domain}</strong> {domain.verifiedAt ? <Badge $tone="success">Verified</Badge> : <Badge $tone="warning">Not verified</Badge>}
              </span>
              <Button size="sm" variant="ghost" onClick={() => setRemoving(domain.domain)} aria-label={`Remove ${domain.domain}`}>
                Remove
              </Button>
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
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={`Remove @${removing ?? ''}?`}
        description="New colleagues will no longer join through this domain. Members who already joined stay members."
        confirmLabel="Remove domain"
        busy={remove.isPending}
        busyLabel="Removing…"
        onConfirm={confirmRemove}
      />
    </Panel>
  );
}

const DomainRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs} 0;
  overflow-wrap: anywhere;
`;
