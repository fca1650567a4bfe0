import { useId, useState } from 'react';
import styled from 'styled-components';
import type { AdminSchoolDetailDto, SchoolDomainDto } from '@atrium/common';
import { useChangeDomainClaim, type DomainClaimAction } from '../../../api/adminSchoolDomains.ts';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { errorText } from '../../../api/client.ts';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { ItemRow } from '../shared/adminStyles.ts';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead, RowList } from '../../../components/Panel.ts';

const TITLES: Record<DomainClaimAction['kind'], string> = { approve: 'Domain approved', move: 'Domain moved', remove: 'Domain removed' };

/**
 * A school's domain claims as an admin sees them: proven or waiting, and the hand to approve one
 * the school cannot prove by DNS, move one to the school it belongs to, or remove it.
 */
export function AdminSchoolDomains({ school }: { school: AdminSchoolDetailDto }) {
  const change = useChangeDomainClaim(school.id);
  const { toast } = useToast();
  const [pending, setPending] = useState<DomainClaimAction | null>(null);

  const run = (action: DomainClaimAction) =>
    change.mutate(action, {
      onSuccess: (answer) => {
        setPending(null);
        toast({ title: TITLES[action.kind], description: answer.message, variant: 'success' });
      },
      onError: (error) => {
        setPending(null);
        toast({ title: 'The domain could not be changed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });

  return (
    <Panel aria-labelledby="school-domains-title">
      <PanelHeader>
        <h2 id="school-domains-title">E-mail domains</h2>
      </PanelHeader>
      <PanelLead>
        A claimed domain pulls colleagues in only once proven: by the school's TXT record, or by your approval here. Approve only after checking with the school
        another way (a call to its office, say): everyone with a verified address at the domain joins it.
      </PanelLead>
      {school.domains.length === 0 ? (
        <EmptyText>This school has claimed no domain.</EmptyText>
      ) : (
        <RowList aria-label="Domain claims">
          {school.domains.map((domain) => (
            <ClaimRow key={domain.domain} domain={domain} schoolId={school.id} busy={change.isPending} onAction={setPending} />
          ))}
        </RowList>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        title={pending ? confirmTitle(pending) : ''}
        description={pending ? confirmText(pending, school.name) : ''}
        confirmLabel={pending?.kind === 'approve' ? 'Approve' : pending?.kind === 'move' ? 'Move' : 'Remove'}
        tone={pending?.kind === 'remove' ? 'danger' : 'primary'}
        busy={change.isPending}
        busyLabel="Saving…"
        onConfirm={() => pending && run(pending)}
      />
    </Panel>
  );
}

function confirmTitle(action: DomainClaimAction): string {
  if (action.kind === 'approve') return `Approve @${action.domain}?`;
  if (action.kind === 'move') return `Move @${action.domain} to ${action.toSchoolName}?`;
  return `Remove @${action.domain}?`;
}

function confirmText(action: DomainClaimAction, schoolName: string): string {
  if (action.kind === 'approve')
    return `Everyone with a verified @${action.domain} address who belongs to no school joins ${schoolName} now, and so will colleagues who verify later.`;
  if (action.kind === 'move')
    return `The claim leaves ${schoolName}; if it is proven, it stays proven on your word and pulls colleagues into the other school. Members who already joined ${schoolName} stay there.`;
  return `New colleagues no longer join ${schoolName} through this domain. Members who already joined stay.`;
}

function ClaimRow({
  domain,
  schoolId,
  busy,
  onAction,
}: {
  domain: SchoolDomainDto;
  schoolId: number;
  busy: boolean;
  onAction(action: DomainClaimAction): void;
}) {
  const [target, setTarget] = useState('');
  const schools = useAdminSchools('');
  const others = (schools.data?.items ?? []).filter((candidate) => candidate.id !== schoolId);
  const selectId = useId();
  return (
    <ItemRow>
      <Claim>
        <div>
          <strong>@{domain.domain}</strong>{' '}
          {domain.verifiedAt ? (
            <Badge $tone="success">{domain.proof === 'admin' ? 'Approved by an admin' : 'Proven by DNS'}</Badge>
          ) : (
            <Badge $tone="warning">Waiting for proof</Badge>
          )}
          {domain.txtRecord ? (
            <Muted as="p">
              Expects TXT <code>{domain.txtRecord.value}</code>
            </Muted>
          ) : null}
        </div>
        <Controls>
          {domain.verifiedAt ? null : (
            <Button size="sm" disabled={busy} onClick={() => onAction({ kind: 'approve', domain: domain.domain })}>
              Approve
            </Button>
          )}
          <MoveControl>
            <FieldLabel htmlFor={selectId} className="visually-hidden">
              Move @{domain.domain} to
            </FieldLabel>
            <Select id={selectId} value={target} onChange={(event) => setTarget(event.target.value)} disabled={others.length === 0}>
              <option value="">Move to…</option>
              {others.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || target === ''}
              onClick={() =>
                onAction({
                  kind: 'move',
                  domain: domain.domain,
                  toSchoolId: Number(target),
                  toSchoolName: others.find((o) => o.id === Number(target))?.name ?? 'the other school',
                })
              }
            >
              Move
            </Button>
          </MoveControl>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onAction({ kind: 'remove', domain: domain.domain })}
            aria-label={`Remove ${domain.domain}`}
          >
            Remove
          </Button>
        </Controls>
      </Claim>
    </ItemRow>
  );
}

const Claim = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
  min-width: 0;
  overflow-wrap: anywhere;

  code {
    word-break: break-all;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const MoveControl = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;

  select {
    max-width: 14rem;
  }
`;
