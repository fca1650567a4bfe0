import { useId } from 'react';
import styled from 'styled-components';
import { ONEROSTER_MAX_UPLOAD_BYTES, type OneRosterPreviewDto, type OneRosterRowDto, type OneRosterRowStatus } from '@atrium/common';
import { Badge, type BadgeTone } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { Muted, Panel, PanelHeader, PanelLead, RowList } from '../Panel.ts';

export interface OneRosterViewProps {
  owner: 'school' | 'trust';
  /** The names of the files chosen, if any. */
  chosen: string[];
  onChoose(files: File[]): void;
  /** What applying would do, once previewed. */
  preview: OneRosterPreviewDto | null;
  previewing: boolean;
  onApply(): void;
  applying: boolean;
  onReset(): void;
  /** What the last apply did (a sentence). */
  result: string | null;
  /** Why the upload or the apply was refused. */
  error: string | null;
}

const STATUS: Record<OneRosterRowStatus, { label: string; tone: BadgeTone }> = {
  join: { label: 'Joins', tone: 'success' },
  invite: { label: 'Invited', tone: 'accent' },
  change: { label: 'Changes', tone: 'neutral' },
  unchanged: { label: 'No change', tone: 'neutral' },
  kept: { label: 'Kept as is', tone: 'neutral' },
  leave: { label: 'Leaves', tone: 'warning' },
  error: { label: 'Error', tone: 'danger' },
};

/** The rows worth reading first: errors, then leavers, joiners and changes; unchanged people last. */
const ORDER: OneRosterRowStatus[] = ['error', 'leave', 'join', 'invite', 'change', 'kept', 'unchanged'];
const SHOWN = 200;

/**
 * "OneRoster upload" (issue 56 item 4), props only: choose a OneRoster 1.2 CSV bundle (a zip, or
 * orgs.csv and users.csv), read the preview (who joins, changes, leaves, which school each org is,
 * which rows are wrong and why), then apply it.
 */
export function OneRosterView(props: OneRosterViewProps) {
  const { owner, preview } = props;
  const inputId = useId();
  return (
    <Panel aria-labelledby="oneroster-title">
      <PanelHeader>
        <h2 id="oneroster-title">OneRoster upload</h2>
      </PanelHeader>
      <PanelLead>
        No SCIM directory? Upload your student information system’s OneRoster 1.2 CSV export (the zip, or its orgs.csv and users.csv) to keep the staff list
        {owner === 'trust' ? ' of every school in the trust' : ''}. Teachers, administrators and aides are imported; students and guardians are skipped. Someone
        a bundle added who is missing from the next one is suspended; people you added another way never are.
      </PanelLead>
      {props.result ? (
        <Outcome role="status">
          <strong>Bundle applied.</strong> {props.result}
        </Outcome>
      ) : null}
      <Chooser>
        <label htmlFor={inputId}>Bundle files</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".zip,.csv,application/zip,text/csv"
          disabled={props.previewing || props.applying}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length) props.onChoose(files);
          }}
        />
        <Muted>
          A zip, or orgs.csv and users.csv together (and roles.csv if your export has one); at most {ONEROSTER_MAX_UPLOAD_BYTES / 1024 / 1024} MB.
          {props.chosen.length ? ` Chosen: ${props.chosen.join(', ')}.` : ''}
        </Muted>
        {props.previewing ? <p role="status">Reading the bundle…</p> : null}
        {props.error ? <Problem role="alert">{props.error}</Problem> : null}
      </Chooser>
      {preview ? <Preview {...props} preview={preview} /> : null}
    </Panel>
  );
}

function Preview({ owner, preview, onApply, applying, onReset }: OneRosterViewProps & { preview: OneRosterPreviewDto }) {
  const { counts } = preview;
  const changes = counts.join + counts.invite + counts.change + counts.leave;
  const rows = [...preview.rows].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
  return (
    <section aria-labelledby="oneroster-preview-title">
      <SectionTitle id="oneroster-preview-title">What applying will do</SectionTitle>
      <Counts>
        <Count $tone="success">
          <strong>{counts.join}</strong> join
        </Count>
        <Count $tone="accent">
          <strong>{counts.invite}</strong> invited
        </Count>
        <Count $tone="neutral">
          <strong>{counts.change}</strong> change
        </Count>
        <Count $tone="warning">
          <strong>{counts.leave}</strong> leave (suspended)
        </Count>
        <Count $tone="danger">
          <strong>{counts.error}</strong> with errors (skipped)
        </Count>
        <Count $tone="neutral">
          <strong>{counts.unchanged + counts.kept}</strong> unchanged
        </Count>
      </Counts>
      {counts.skipped ? <Muted>{counts.skipped.toLocaleString('en-GB')} rows of students, guardians or disabled accounts are skipped.</Muted> : null}
      <SectionTitle as="h4">Schools in the bundle</SectionTitle>
      <RowList aria-label="Schools in the bundle">
        {preview.orgs.map((org) => (
          <Line key={org.sourcedId}>
            <span>
              <strong>{org.name}</strong> <Muted>({org.sourcedId})</Muted>
            </span>
            {org.schoolName ? (
              <Muted>
                → {org.schoolName} · {org.staff} staff
              </Muted>
            ) : (
              <Badge $tone="warning">{owner === 'trust' ? 'Not one of the trust’s schools' : 'Not this school'}</Badge>
            )}
          </Line>
        ))}
      </RowList>
      <SectionTitle as="h4">People</SectionTitle>
      <RowList aria-label="People in the bundle">
        {rows.slice(0, SHOWN).map((row) => (
          <PersonRow key={`${row.line ?? 'leaver'}-${row.email}-${row.schoolId ?? ''}`} row={row} trust={owner === 'trust'} />
        ))}
      </RowList>
      {rows.length > SHOWN ? <Muted>and {(rows.length - SHOWN).toLocaleString('en-GB')} more.</Muted> : null}
      <Actions>
        <Button onClick={onApply} disabled={applying || changes === 0}>
          {applying ? 'Applying…' : changes === 0 ? 'Nothing to apply' : 'Apply the bundle'}
        </Button>
        <Button variant="secondary" onClick={onReset} disabled={applying}>
          Cancel
        </Button>
      </Actions>
    </section>
  );
}

function PersonRow({ row, trust }: { row: OneRosterRowDto; trust: boolean }) {
  const name = [row.givenName, row.familyName].filter(Boolean).join(' ');
  return (
    <Line>
      <Badge $tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
      <PersonText>
        <strong>{name || row.email}</strong> {name ? <Muted>{row.email}</Muted> : null}
        <br />
        <Muted>{[row.line !== null ? `line ${row.line}` : null, row.role, trust ? row.schoolName : null, row.detail].filter(Boolean).join(' · ')}</Muted>
      </PersonText>
    </Line>
  );
}

const SectionTitle = styled.h3`
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSize.lg};
`;

const Chooser = styled.div`
  display: grid;
  /* A file input is ~250 px wide by itself: without minmax(0, …) it widens the page at 320 px. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs};

  label {
    font-weight: 600;
  }

  input {
    width: 100%;
    min-width: 0;
    max-width: 100%;
  }
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const Outcome = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.successSoft};
`;

const Counts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
`;

const Count = styled(Badge).attrs({ as: 'li' })``;

const Line = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;

  & > :first-child {
    flex: none;
  }
`;

const PersonText = styled.p`
  flex: 1 1 14rem;
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
