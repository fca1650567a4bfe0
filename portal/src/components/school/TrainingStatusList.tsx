import { formatDay, formatDayOf } from '@atrium/common/rules/dates';
import { useState } from 'react';
import styled from 'styled-components';
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES, type SchoolDeadlinesDto, type TrainingStatus } from '@atrium/common';
import { TRAINING_PAGE_SIZE, useTrainingCounts, useTrainingStatus, type TrainingFilter } from '../../api/deadlines.ts';
import { useGroups } from '../../api/groups.ts';
import { Button } from '../Button.tsx';
import { QueryState } from '../QueryState.tsx';
import { TrainingStatusBadge, TRAINING_STATUS_TONES } from '../TrainingStatusBadge.tsx';
import { FieldLabel, Select } from '../NativeSelect.ts';
import { Muted, Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { FinalQuizScore } from '../FinalQuizScore.tsx';
import { AssignmentStatusChip } from '../AssignmentStatusChip.tsx';
import { WatchedTime, WatchingLegend } from '../WatchedTime.tsx';
import { InvitedPeople } from './InvitedPeople.tsx';
import { BreakableEmail } from '../BreakableEmail.tsx';

const count = new Intl.NumberFormat('en-GB');

/**
 * Every member × licensed course with its status: counts that filter, and a paged list. People
 * invited by e-mail who have not joined have no course rows yet: they are counted as "Invited"
 * (people, not member × course pairs) and listed by that button.
 */
export function TrainingStatusList({ root, managedSchoolId, deadlines }: { root: string; managedSchoolId: number | null; deadlines: SchoolDeadlinesDto }) {
  const [filter, setFilter] = useState<TrainingFilter>({ status: null, courseId: null, page: 0 });
  const [showInvited, setShowInvited] = useState(false);
  const list = useTrainingStatus(root, filter);
  const groups = useGroups(root).data?.groups ?? [];
  // With a course or a group chosen, the counts are that course's or group's, as the list is.
  const narrowed = useTrainingCounts(root, filter);
  const counts = (filter.courseId || filter.groupId) && narrowed.data ? narrowed.data.counts : deadlines.counts;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const choose = (status: TrainingStatus | null) => {
    setShowInvited(false);
    setFilter((current) => ({ ...current, status, page: 0 }));
  };
  const shownTotal = list.data?.total ?? 0;
  const first = filter.page * TRAINING_PAGE_SIZE;

  return (
    <Panel aria-labelledby="status-title">
      <PanelHeader>
        <h2 id="status-title">Training status</h2>
      </PanelHeader>
      <PanelLead>Each member on each licensed course. Choose a status to see who is in it.</PanelLead>
      <Counts role="group" aria-label="Filter by status">
        <CountButton
          type="button"
          aria-pressed={!showInvited && filter.status === null}
          $active={!showInvited && filter.status === null}
          onClick={() => choose(null)}
        >
          <span>All</span>
          <strong>{count.format(total)}</strong>
        </CountButton>
        {TRAINING_STATUSES.map((status) => (
          <CountButton
            key={status}
            type="button"
            aria-pressed={!showInvited && filter.status === status}
            $active={!showInvited && filter.status === status}
            $tone={TRAINING_STATUS_TONES[status]}
            onClick={() => choose(status)}
          >
            <span>{TRAINING_STATUS_LABELS[status]}</span>
            <strong>{count.format(counts[status])}</strong>
          </CountButton>
        ))}
        <CountButton type="button" aria-pressed={showInvited} $active={showInvited} $tone="accent" onClick={() => setShowInvited(true)}>
          <span>Invited</span>
          <strong>{count.format(deadlines.invited)}</strong>
        </CountButton>
      </Counts>
      {showInvited ? (
        <>
          <Muted>Invited by e-mail and not joined yet: their courses appear here once they accept.</Muted>
          <InvitedPeople root={root} managedSchoolId={managedSchoolId} />
        </>
      ) : null}
      {!showInvited && groups.length > 0 ? (
        <CourseFilter>
          <FieldLabel htmlFor="status-group">Group</FieldLabel>
          <Select
            id="status-group"
            value={filter.groupId ?? ''}
            onChange={(event) => setFilter((current) => ({ ...current, groupId: event.target.value ? Number(event.target.value) : null, page: 0 }))}
          >
            <option value="">Everyone</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
                {group.owner === 'trust' ? ' (trust)' : ''}
              </option>
            ))}
          </Select>
        </CourseFilter>
      ) : null}
      {!showInvited && deadlines.courses.length > 1 ? (
        <CourseFilter>
          <FieldLabel htmlFor="status-course">Course</FieldLabel>
          <Select
            id="status-course"
            value={filter.courseId ?? ''}
            onChange={(event) => setFilter((current) => ({ ...current, courseId: event.target.value ? Number(event.target.value) : null, page: 0 }))}
          >
            <option value="">All courses</option>
            {deadlines.courses.map((course) => (
              <option key={course.courseId} value={course.courseId}>
                {course.title}
              </option>
            ))}
          </Select>
        </CourseFilter>
      ) : null}
      {showInvited ? null : (
        <QueryState
          read={list}
          size="panel"
          loading="Loading the list"
          failed="The list could not be loaded."
          isEmpty={(page) => page.items.length === 0}
          empty={filter.status ? `Nobody is "${TRAINING_STATUS_LABELS[filter.status].toLowerCase()}" right now.` : 'The school has no members yet.'}
        >
          {(page) => (
            <>
              <Rows aria-busy={list.isFetching}>
                {page.items.map((row) => (
                  <li key={`${row.userId}:${row.courseId}`}>
                    <div>
                      <strong>{row.name}</strong>
                      <Muted>
                        <BreakableEmail email={row.email} />
                      </Muted>
                      {row.groups?.length ? <Muted>{row.groups.join(' · ')}</Muted> : null}
                    </div>
                    <div>
                      <span>{row.courseTitle}</span>
                      <Muted>
                        {row.status === 'renewal_due' && row.expiresOn
                          ? `Expired ${formatDay(row.expiresOn)}`
                          : row.status === 'completed' && row.completedAt
                            ? `Completed ${formatDayOf(row.completedAt)}`
                            : row.dueOn
                              ? `Due ${formatDay(row.dueOn)}`
                              : 'No deadline'}
                      </Muted>
                      <WatchedTime watching={row.watching} />
                      <FinalQuizScore finalQuiz={row.finalQuiz} />
                      <AssignmentStatusChip assignment={row.assignment} />
                    </div>
                    <TrainingStatusBadge status={row.status} />
                  </li>
                ))}
              </Rows>
              <WatchingLegend />
              <Pager>
                <Muted>
                  {count.format(first + 1)}–{count.format(Math.min(first + TRAINING_PAGE_SIZE, shownTotal))} of {count.format(shownTotal)}
                </Muted>
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={filter.page === 0}
                    onClick={() => setFilter((current) => ({ ...current, page: current.page - 1 }))}
                  >
                    Previous
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={first + TRAINING_PAGE_SIZE >= shownTotal}
                    onClick={() => setFilter((current) => ({ ...current, page: current.page + 1 }))}
                  >
                    Next
                  </Button>
                </div>
              </Pager>
            </>
          )}
        </QueryState>
      )}
    </Panel>
  );
}

const Counts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const CountButton = styled.button<{ $active: boolean; $tone?: 'accent' | 'success' | 'warning' | 'neutral' | 'danger' }>`
  display: grid;
  gap: 2px;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSoft : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;

  span {
    font-size: ${({ theme }) => theme.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSize.lg};
    font-variant-numeric: tabular-nums;
    color: ${({ theme, $tone }) =>
      ({
        accent: theme.colors.accentHover,
        success: theme.colors.success,
        warning: theme.colors.warning,
        danger: theme.colors.danger,
        neutral: theme.colors.text,
      })[$tone ?? 'neutral']};
  }
  &:focus-visible {
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
  }
`;

const CourseFilter = styled.div`
  max-width: 24rem;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

/** The member × course rows (also the trust's staff list). */
export const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
    align-items: center;
    padding: ${({ theme }) => theme.space.sm} 0;
    overflow-wrap: anywhere;
  }
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > div {
    display: grid;
    min-width: 0;
  }
  li > div:nth-child(2) {
    grid-column: 1;
  }
  li > span {
    grid-column: 2;
    grid-row: 1 / span 2;
    justify-self: end;
  }
  strong {
    font-weight: 600;
  }

  @media (min-width: 720px) {
    li {
      grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr) 8rem;
    }
    li > div:nth-child(2) {
      grid-column: 2;
    }
    li > span {
      grid-column: 3;
      grid-row: 1;
    }
  }
`;

export const Pager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};

  div {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
  }
`;
