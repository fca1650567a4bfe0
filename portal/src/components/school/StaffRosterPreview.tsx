import { useState } from 'react';
import styled from 'styled-components';
import type { RosterPreviewDto, RosterRowDto, RosterRowStatus } from '@atrium/common';
import { Badge, toneBackground, type BadgeTone } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { CheckboxField } from '../CheckboxField.tsx';
import { FormAlert } from '../FormAlert.tsx';

const SHOWN = 100;

const STATUS: Record<RosterRowStatus, { label: string; tone: BadgeTone }> = {
  invite: { label: 'Gets an invitation', tone: 'accent' },
  member: { label: 'Already a member', tone: 'neutral' },
  invited: { label: 'Already invited', tone: 'neutral' },
  invalid: { label: 'Skipped', tone: 'warning' },
  duplicate: { label: 'Skipped', tone: 'warning' },
};
const isProblem = (row: RosterRowDto) => row.problem !== null;
const n = (count: number) => count.toLocaleString('en-GB');

/** The preview of a staff list: what each row will do, problems first, and the button that applies it. */
export function StaffRosterPreview({
  preview,
  applying,
  onApply,
  onStartAgain,
  problem,
}: {
  preview: RosterPreviewDto;
  applying: boolean;
  /** Applies the list; `createGroups`: the manager agreed to create the groups it names that do not exist yet. */
  onApply(createGroups: boolean): void;
  onStartAgain(): void;
  problem: string | null;
}) {
  const { counts, rows } = preview;
  const problems = rows.filter(isProblem);
  const others = rows.filter((row) => !isProblem(row));
  const shown = [...problems, ...others].slice(0, Math.max(SHOWN, problems.length));
  const work = counts.invite;
  const unchanged = counts.member + counts.invited;
  const groups = preview.groups ?? [];
  const missing = groups.filter((group) => !group.exists);
  const [createGroups, setCreateGroups] = useState(false);
  const blocked = missing.length > 0 && !createGroups;
  const action = work === 0 ? 'Put people in their groups' : `Send ${n(counts.invite)} invitation${counts.invite === 1 ? '' : 's'}`;
  return (
    <Wrap aria-label="Preview of the staff list">
      <FormAlert message={problem} />
      <Summary>
        <Tile $tone="accent">
          <dt>Get an invitation</dt>
          <dd>{n(counts.invite)}</dd>
        </Tile>
        <Tile $tone="neutral">
          <dt>Already there</dt>
          <dd>{n(unchanged)}</dd>
        </Tile>
        <Tile $tone="warning">
          <dt>Problems</dt>
          <dd>{n(problems.length)}</dd>
        </Tile>
      </Summary>
      <Note>Everyone gets an invitation e-mail with a link of their own, colleagues who already have an account too: they join once they accept it.</Note>
      {problems.length > 0 ? (
        <Note>Rows with a problem are skipped. Fix them in your file and upload it again at any time: nobody is invited twice.</Note>
      ) : null}
      {groups.length > 0 ? (
        <GroupsBox aria-label="Groups the list names">
          <h3>Groups</h3>
          <GroupNames>
            {groups.map((group) => (
              <li key={group.name}>
                <Badge $tone={group.exists ? 'neutral' : 'accent'}>{group.exists ? 'Exists' : 'New'}</Badge> {group.name} <Line>({n(group.people)})</Line>
              </li>
            ))}
          </GroupNames>
          {missing.length > 0 ? (
            <CheckboxField
              checked={createGroups}
              onChange={(event) => setCreateGroups(event.target.checked)}
              label={`Create ${missing.length === 1 ? 'this new group' : `these ${n(missing.length)} new groups`}: ${missing.map((group) => group.name).join(', ')}`}
              hint="Without this, the list cannot be applied: remove the new groups from the file, or create them here."
            />
          ) : null}
          <Note>People already on the staff join their groups now; invited people join theirs when they accept.</Note>
        </GroupsBox>
      ) : null}
      {/* Focusable so the scrolled list can be read with the keyboard. */}
      <Rows tabIndex={0} aria-label="Rows of the list">
        {shown.map((row) => (
          <li key={row.line} data-status={row.status}>
            <Line>Line {row.line}</Line>
            <Person>
              <strong>{row.email || '(no address)'}</strong>
              {row.firstName || row.lastName ? <span>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</span> : null}
              {row.groups?.length ? <span>Groups: {row.groups.join(', ')}</span> : null}
            </Person>
            <Outcome>
              <Badge $tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
              {row.problem ? <ProblemNote>{row.problem}</ProblemNote> : null}
            </Outcome>
          </li>
        ))}
      </Rows>
      {rows.length > shown.length ? <Note>{`Showing ${n(shown.length)} of ${n(rows.length)} rows; the rest are counted above.`}</Note> : null}
      <Actions>
        <Button onClick={() => onApply(createGroups)} disabled={applying || (work === 0 && groups.length === 0) || blocked}>
          {applying ? 'Sending…' : work === 0 && groups.length === 0 ? 'Nobody to invite' : action}
        </Button>
        <Button variant="secondary" onClick={onStartAgain} disabled={applying}>
          Choose another list
        </Button>
      </Actions>
    </Wrap>
  );
}

const GroupsBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const GroupNames = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    overflow-wrap: anywhere;
  }
`;

const Wrap = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
`;

const Tile = styled.div<{ $tone: BadgeTone }>`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $tone }) => toneBackground(theme, $tone)};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.xl};
    font-weight: 700;
  }
`;

const Rows = styled.ul`
  max-height: 28rem;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 4.5rem minmax(0, 1fr);
    gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  }
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }

  @media (min-width: 640px) {
    li {
      grid-template-columns: 4.5rem minmax(0, 1fr) minmax(0, 14rem);
      align-items: center;
    }
  }
`;

const Line = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
`;

const Person = styled.span`
  display: grid;
  min-width: 0;

  strong {
    overflow-wrap: anywhere;
    font-weight: 600;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
    overflow-wrap: anywhere;
  }
`;

const Outcome = styled.span`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.xxs};
  grid-column: 2;

  @media (min-width: 640px) {
    grid-column: auto;
  }
`;

const ProblemNote = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
