import { useState } from 'react';
import styled from 'styled-components';
import {
  directoryTokenSchema,
  type CreatedDirectoryTokenDto,
  type DirectoryAction,
  type DirectoryEventDto,
  type DirectoryTokenDto,
  type DirectoryTokenInput,
} from '@atrium/common';
import { formatDateTime } from '@atrium/common/rules/dates';
import { Badge, type BadgeTone } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { TextField } from '../Field.tsx';
import { Form } from '../Form.tsx';
import { Muted, Panel, PanelHeader, PanelLead, RowActions, RowList } from '../Panel.ts';
import { QueryState, type ReadState } from '../QueryState.tsx';
import { useForm } from '../useForm.ts';

export interface DirectorySyncViewProps {
  owner: 'school' | 'trust';
  tokens: ReadState<DirectoryTokenDto[]>;
  log: ReadState<DirectoryEventDto[]>;
  /** The token just made, shown once with its secret until dismissed. */
  created: CreatedDirectoryTokenDto | null;
  onDismissCreated(): void;
  onCreate(input: DirectoryTokenInput): void;
  creating: boolean;
  createError: string | null;
  onRevoke(tokenId: number): void;
  revoking: boolean;
}

/**
 * The "Directory sync" panel (issue 56), props only: create a token for Entra ID, Google
 * Workspace or Okta (shown once, with the SCIM URL and the steps for each), list and revoke
 * tokens, and read what the directory did.
 */
export function DirectorySyncView(props: DirectorySyncViewProps) {
  const { owner, tokens, log } = props;
  return (
    <Panel aria-labelledby="directory-sync-title">
      <PanelHeader>
        <h2 id="directory-sync-title">Directory sync</h2>
      </PanelHeader>
      <PanelLead>
        Let your directory (Microsoft Entra ID, Google Workspace or Okta) keep the staff list{owner === 'trust' ? ' of every school in the trust' : ''}: joiners
        are added, names follow, and people disabled there are suspended here at once — signed out, no longer counted or reminded, their seat freed, their
        certificates kept.
      </PanelLead>
      {props.created ? <CreatedToken token={props.created} owner={owner} onDismiss={props.onDismissCreated} /> : <CreateToken {...props} />}
      <SectionTitle>Tokens</SectionTitle>
      <QueryState
        read={tokens}
        size="panel"
        loading="Loading the tokens"
        failed="The tokens could not be loaded."
        isEmpty={(rows) => rows.length === 0}
        empty="No tokens yet: create one above to connect your directory."
      >
        {(rows) => <TokenList tokens={rows} onRevoke={props.onRevoke} revoking={props.revoking} />}
      </QueryState>
      <SectionTitle>Sync log</SectionTitle>
      <QueryState
        read={log}
        size="panel"
        loading="Loading the sync log"
        failed="The sync log could not be loaded."
        isEmpty={(rows) => rows.length === 0}
        empty="Nothing synced yet."
      >
        {(events) => <SyncLog events={events} />}
      </QueryState>
    </Panel>
  );
}

function CreateToken({ onCreate, creating, createError }: DirectorySyncViewProps) {
  const form = useForm({ label: '' });
  return (
    <CreateForm onSubmit={form.handleSubmit(directoryTokenSchema, onCreate)} noValidate aria-label="Create a directory token">
      <TextField label="Token name" placeholder="e.g. Entra ID" hint="Which directory uses it, so you know which to revoke." {...form.field('label')} />
      <Button type="submit" disabled={creating}>
        {creating ? 'Creating…' : 'Create token'}
      </Button>
      {createError ? <Problem role="alert">{createError}</Problem> : null}
    </CreateForm>
  );
}

function CreatedToken({ token, owner, onDismiss }: { token: CreatedDirectoryTokenDto; owner: 'school' | 'trust'; onDismiss(): void }) {
  return (
    <Created role="status" aria-labelledby="created-token-title">
      <h3 id="created-token-title">Copy the token now: it will not be shown again</h3>
      <Secret>
        <TextField label="SCIM base URL (Tenant URL)" value={token.scimUrl} readOnly onFocus={(event) => event.currentTarget.select()} />
        <TextField label={`Secret token “${token.label}”`} value={token.token} readOnly onFocus={(event) => event.currentTarget.select()} />
      </Secret>
      <Instructions owner={owner} />
      <Button variant="secondary" onClick={onDismiss}>
        I have copied it
      </Button>
    </Created>
  );
}

/** The steps per directory, and which attributes to map and which to leave. */
function Instructions({ owner }: { owner: 'school' | 'trust' }) {
  const organization =
    owner === 'trust' ? (
      <li>
        Map <code>organization</code> (enterprise extension) to the attribute that holds the person’s school, spelled as the school is named here.
      </li>
    ) : null;
  const mapping = (
    <>
      <li>
        Map <code>userName</code> to the work e-mail address, <code>name.givenName</code> and <code>name.familyName</code> to the names, <code>externalId</code>{' '}
        to the directory’s id, <code>active</code> to the account being enabled.
      </li>
      {organization}
      <li>Leave the rest (phone numbers, addresses, job titles, roles, passwords): Atrium does not keep them.</li>
    </>
  );
  return (
    <Steps>
      <details>
        <summary>Microsoft Entra ID</summary>
        <ol>
          <li>In the Entra admin centre, open Enterprise applications › New application › Create your own application (“non-gallery”).</li>
          <li>Open Provisioning, set the mode to Automatic, and paste the SCIM base URL as Tenant URL and the token as Secret token; Test connection.</li>
          {mapping}
          <li>Under Users and groups, assign the staff and groups to sync (groups become groups here), then Start provisioning.</li>
        </ol>
      </details>
      <details>
        <summary>Google Workspace</summary>
        <ol>
          <li>In the Google Admin console, open Apps › Web and mobile apps and choose the Atrium app.</li>
          <li>Open Auto-provisioning, paste the SCIM base URL as endpoint URL and the token as access token.</li>
          {mapping}
          <li>Choose the groups in scope and turn Auto-provisioning on. Where Google does not offer it for the app, sync through Entra ID or Okta instead.</li>
        </ol>
      </details>
      <details>
        <summary>Okta</summary>
        <ol>
          <li>In the Okta admin console, add an app integration of type SCIM 2.0 (Header Auth), or enable SCIM provisioning on your Atrium app.</li>
          <li>Under Provisioning › Integration, paste the SCIM base URL as SCIM connector base URL, choose HTTP Header and paste the token; Test.</li>
          <li>Under To App, enable Create Users, Update User Attributes and Deactivate Users.</li>
          {mapping}
          <li>Assign people, and use Push Groups for the groups whose courses they should get.</li>
        </ol>
      </details>
    </Steps>
  );
}

function TokenList({ tokens, onRevoke, revoking }: { tokens: DirectoryTokenDto[]; onRevoke(tokenId: number): void; revoking: boolean }) {
  const [confirming, setConfirming] = useState<DirectoryTokenDto | null>(null);
  return (
    <>
      <RowList aria-label="Directory tokens">
        {tokens.map((token) => (
          <Row key={token.id}>
            <div>
              <strong>{token.label}</strong>
              <br />
              <Muted>
                Created {formatDateTime(token.createdAt)} · {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'}
              </Muted>
            </div>
            <RowActions>
              <Button size="sm" variant="danger" onClick={() => setConfirming(token)}>
                Revoke
              </Button>
            </RowActions>
          </Row>
        ))}
      </RowList>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={`Revoke “${confirming?.label ?? ''}”?`}
        description="The directory using it stops syncing at once. People already synced stay as they are."
        confirmLabel="Revoke token"
        busy={revoking}
        busyLabel="Revoking…"
        onConfirm={() => {
          if (confirming) onRevoke(confirming.id);
          setConfirming(null);
        }}
      />
    </>
  );
}

const ACTION_LABELS: Record<DirectoryAction, { label: string; tone: BadgeTone }> = {
  added: { label: 'Added', tone: 'success' },
  invited: { label: 'Invited', tone: 'accent' },
  changed: { label: 'Changed', tone: 'neutral' },
  suspended: { label: 'Suspended', tone: 'warning' },
  restored: { label: 'Restored', tone: 'success' },
  removed: { label: 'Removed', tone: 'neutral' },
  refused: { label: 'Refused', tone: 'danger' },
};

function SyncLog({ events }: { events: DirectoryEventDto[] }) {
  return (
    <RowList aria-label="Sync log">
      {events.map((event) => (
        <LogRow key={event.id}>
          <Badge $tone={ACTION_LABELS[event.action].tone}>{ACTION_LABELS[event.action].label}</Badge>
          <LogText>
            {event.email ? <strong>{event.email}</strong> : null} {event.detail}
            <br />
            <Muted>{formatDateTime(event.at)}</Muted>
          </LogText>
        </LogRow>
      ))}
    </RowList>
  );
}

const SectionTitle = styled.h3`
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

const CreateForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};

  & > :first-child {
    flex: 1 1 16rem;
  }
`;

const Problem = styled.p`
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.danger};
`;

const Created = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }

  & > button {
    justify-self: start;
  }
`;

const Secret = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  input {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Steps = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  summary {
    cursor: pointer;
    font-weight: 600;
  }

  ol {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding-left: 1.25rem;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }

  code {
    overflow-wrap: anywhere;
  }
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const LogRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const LogText = styled.p`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;
