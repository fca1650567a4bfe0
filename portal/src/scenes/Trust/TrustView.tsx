import { formatDay, formatDayOf } from '@atrium/common/rules/dates';
import styled from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import { TRAINING_STATUS_LABELS, TRAINING_STATUSES, type TrainingStatus, type TrustOverviewDto, type TrustStatusRowDto } from '@atrium/common';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { FieldLabel, Select } from '../../components/NativeSelect.ts';
import { EmptyText, Muted, Panel, PanelHeader, PanelLead } from '../../components/Panel.ts';
import { TrainingStatusBadge } from '../../components/TrainingStatusBadge.tsx';
import type { TrustFilter } from '../../api/trusts.ts';
import { Pager, Rows } from '../../components/school/TrainingStatusList.tsx';
import { WatchedTime, WatchingLegend } from '../../components/WatchedTime.tsx';

const count = new Intl.NumberFormat('en-GB');

/** A page of the staff list, as the view draws it. */
export interface StaffPage {
  rows: TrustStatusRowDto[];
  total: number;
  pageSize: number;
  /** Another page or filter is being read: the rows shown are the last ones. */
  updating: boolean;
}

/** What the staff list shows: a page of rows, still loading, or the server's sentence (QueryState). */
export type StaffListState = ReadState<StaffPage>;

export interface TrustViewProps {
  overview: TrustOverviewDto;
  filter: TrustFilter;
  onFilter: (change: Partial<TrustFilter>) => void;
  staff: StaffListState;
  onDownload: () => void;
  downloading: boolean;
  /** The charts (a lazy chunk of their own), shown below the staff list. */
  insights?: React.ReactNode;
  /** The deadlines' panel, shown below the charts. */
  deadlines?: React.ReactNode;
  /** The managers' panel (its own container), shown below. */
  managers?: React.ReactNode;
  /** The trust's groups, for the filter (none: no group filter). */
  groups?: Array<{ id: number; name: string }>;
  /** The Groups panel, shown after the deadlines. */
  groupsPanel?: React.ReactNode;
  /** The Directory sync panel (issue 56). */
  directoryPanel?: React.ReactNode;
  /** Each person's CPD hours this school year (issue 59), shown after the groups. */
  cpdHours?: React.ReactNode;
  /** Opens "Move to another school" for the row's person (only when the trust has another school). */
  onMove?: (row: TrustStatusRowDto) => void;
}

const completedShare = (counts: Record<TrainingStatus, number>) => {
  const total = TRAINING_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return total === 0 ? null : Math.round(((counts.completed + counts.renewal_due) / total) * 100);
};

/** /trust for a trust manager: every school's counts, the per-school table, the filtered staff list and the register. */
export function TrustView({
  overview,
  filter,
  onFilter,
  staff,
  onDownload,
  downloading,
  insights,
  deadlines,
  managers,
  groups = [],
  groupsPanel,
  directoryPanel,
  cpdHours,
  onMove,
}: TrustViewProps) {
  const share = completedShare(overview.totals);
  return (
    <Container>
      <PageHeading
        title={overview.trust.name}
        lead={`${count.format(overview.schools.length)} ${overview.schools.length === 1 ? 'school' : 'schools'}: every school's staff training at a glance. School managers see only their own school.`}
        actions={
          <>
            <Button variant="secondary" onClick={onDownload} disabled={downloading}>
              <Icon name="download" size={18} /> {downloading ? 'Preparing…' : 'Trust training register (.xlsx)'}
            </Button>
            {/* A course's checkout offers "For every school of <trust>" to its managers. */}
            <ButtonLink to="/" variant="ghost">
              <Icon name="school" size={18} /> Buy a course for every school
            </ButtonLink>
          </>
        }
      />
      <Stack>
        <Panel aria-labelledby="trust-filters-title">
          <PanelHeader>
            <h2 id="trust-filters-title">Filters</h2>
            {share !== null ? <Muted>{share}% of staff × course pairs completed</Muted> : null}
          </PanelHeader>
          <Filters>
            <div>
              <FieldLabel htmlFor="trust-school">School</FieldLabel>
              <Select
                id="trust-school"
                value={filter.schoolId ?? ''}
                onChange={(event) => onFilter({ schoolId: event.target.value ? Number(event.target.value) : null })}
              >
                <option value="">All schools</option>
                {overview.schools.map((school) => (
                  <option key={school.schoolId} value={school.schoolId}>
                    {school.name}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <FieldLabel htmlFor="trust-course">Course</FieldLabel>
              <Select
                id="trust-course"
                value={filter.courseId ?? ''}
                onChange={(event) => onFilter({ courseId: event.target.value ? Number(event.target.value) : null })}
              >
                <option value="">All courses</option>
                {overview.courses.map((course) => (
                  <option key={course.id} value={course.id}>
                    {course.title}
                  </option>
                ))}
              </Select>
            </div>
            {groups.length > 0 ? (
              <div>
                <FieldLabel htmlFor="trust-group">Group</FieldLabel>
                <Select
                  id="trust-group"
                  value={filter.groupId ?? ''}
                  onChange={(event) => onFilter({ groupId: event.target.value ? Number(event.target.value) : null })}
                >
                  <option value="">Everyone</option>
                  {groups.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            <div>
              <FieldLabel htmlFor="trust-status">Status</FieldLabel>
              <Select
                id="trust-status"
                value={filter.status ?? ''}
                onChange={(event) => onFilter({ status: (event.target.value || null) as TrainingStatus | null })}
              >
                <option value="">Every status</option>
                {TRAINING_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {TRAINING_STATUS_LABELS[status]} ({count.format(overview.totals[status])})
                  </option>
                ))}
              </Select>
            </div>
          </Filters>
        </Panel>

        <Panel aria-labelledby="trust-schools-title">
          <PanelHeader>
            <h2 id="trust-schools-title">Schools</h2>
          </PanelHeader>
          <PanelLead>Staff × course pairs in each status{filter.courseId ? ', for the chosen course' : ''}. Choose a school to list its staff below.</PanelLead>
          {overview.schools.length === 0 ? (
            <EmptyText>No schools are in this trust yet. The agency attaches them for you.</EmptyText>
          ) : (
            <SchoolTable>
              <caption className="visually-hidden">Training status by school</caption>
              <thead>
                <tr>
                  <th scope="col">School</th>
                  <th scope="col">Members</th>
                  {TRAINING_STATUSES.map((status) => (
                    <th scope="col" key={status}>
                      {TRAINING_STATUS_LABELS[status]}
                    </th>
                  ))}
                  <th scope="col">Share completed</th>
                </tr>
              </thead>
              <tbody>
                {overview.schools.map((school) => {
                  const schoolShare = completedShare(school.counts);
                  return (
                    <tr key={school.schoolId} aria-current={filter.schoolId === school.schoolId ? 'true' : undefined}>
                      <th scope="row">
                        <SchoolButton
                          type="button"
                          aria-pressed={filter.schoolId === school.schoolId}
                          onClick={() => onFilter({ schoolId: filter.schoolId === school.schoolId ? null : school.schoolId })}
                        >
                          {school.name}
                        </SchoolButton>
                      </th>
                      <td data-label="Members">{count.format(school.members)}</td>
                      {TRAINING_STATUSES.map((status) => (
                        <td key={status} data-label={TRAINING_STATUS_LABELS[status]} data-zero={school.counts[status] === 0 ? 'true' : undefined}>
                          {count.format(school.counts[status])}
                        </td>
                      ))}
                      <td data-label="Share completed">{schoolShare === null ? '–' : `${schoolShare}%`}</td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All schools</th>
                  <td data-label="Members">{count.format(overview.schools.reduce((sum, school) => sum + school.members, 0))}</td>
                  {TRAINING_STATUSES.map((status) => (
                    <td key={status} data-label={TRAINING_STATUS_LABELS[status]}>
                      {count.format(overview.totals[status])}
                    </td>
                  ))}
                  <td data-label="Share completed">{share === null ? '–' : `${share}%`}</td>
                </tr>
              </tfoot>
            </SchoolTable>
          )}
        </Panel>

        <Panel aria-labelledby="trust-staff-title">
          <PanelHeader>
            <h2 id="trust-staff-title">Staff</h2>
          </PanelHeader>
          <StaffList staff={staff} filter={filter} onFilter={onFilter} onMove={overview.schools.length > 1 ? onMove : undefined} />
        </Panel>
        {insights}
        {deadlines}
        {groupsPanel}
        {directoryPanel}
        {cpdHours}
        {managers}
      </Stack>
    </Container>
  );
}

function StaffList({
  staff,
  filter,
  onFilter,
  onMove,
}: {
  staff: StaffListState;
  filter: TrustFilter;
  onFilter: TrustViewProps['onFilter'];
  onMove: TrustViewProps['onMove'];
}) {
  const filtered = Boolean(filter.status || filter.schoolId || filter.courseId || filter.groupId);
  return (
    <QueryState
      read={staff}
      size="panel"
      loading="Loading the staff list"
      failed="The staff list could not be loaded."
      isEmpty={(page) => page.rows.length === 0}
      empty={filtered ? 'Nobody matches these filters.' : 'No staff in the trust’s schools yet.'}
    >
      {(page) => <StaffRows staff={page} filter={filter} onFilter={onFilter} onMove={onMove} />}
    </QueryState>
  );
}

function StaffRows({
  staff,
  filter,
  onFilter,
  onMove,
}: {
  staff: StaffPage;
  filter: TrustFilter;
  onFilter: TrustViewProps['onFilter'];
  onMove: TrustViewProps['onMove'];
}) {
  const first = filter.page * staff.pageSize;
  return (
    <>
      <Rows aria-busy={staff.updating} aria-label="Staff and courses">
        {staff.rows.map((row) => (
          <li key={`${row.schoolId}:${row.userId}:${row.courseId}`}>
            <div>
              <strong>{row.name}</strong>
              <Muted>
                {row.schoolName}
                {row.movedAt ? ` (moved here ${formatDayOf(row.movedAt)})` : ''} · {row.email}
              </Muted>
              {row.groups?.length ? <Muted>{row.groups.join(' · ')}</Muted> : null}
              {onMove ? (
                <MoveButton type="button" onClick={() => onMove(row)} aria-label={`Move to another school: ${row.name}`}>
                  Move to another school
                </MoveButton>
              ) : null}
            </div>
            <div>
              <span>{row.courseTitle}</span>
              <Muted>
                {row.status === 'completed' && row.completedAt
                  ? `Completed ${formatDayOf(row.completedAt)}`
                  : row.dueOn
                    ? `Due ${formatDay(row.dueOn)}`
                    : 'No deadline'}
              </Muted>
              <WatchedTime watching={row.watching} />
            </div>
            <TrainingStatusBadge status={row.status} />
          </li>
        ))}
      </Rows>
      <WatchingLegend />
      <Pager>
        <Muted aria-live="polite">
          {count.format(first + 1)}–{count.format(Math.min(first + staff.pageSize, staff.total))} of {count.format(staff.total)}
        </Muted>
        <div>
          <Button size="sm" variant="secondary" disabled={filter.page === 0} onClick={() => onFilter({ page: filter.page - 1 })}>
            Previous
          </Button>
          <Button size="sm" variant="secondary" disabled={first + staff.pageSize >= staff.total} onClick={() => onFilter({ page: filter.page + 1 })}>
            Next
          </Button>
        </div>
      </Pager>
    </>
  );
}

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  ${media.tablet} {
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
`;

const SchoolTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    text-align: right;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSize.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    vertical-align: bottom;
  }
  th[scope='row'],
  thead th:first-child {
    text-align: left;
  }
  td[data-zero] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  tr[aria-current] {
    background: ${({ theme }) => theme.colors.accentSoft};
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: none;
  }

  /* Phones: each school is a card of label/value pairs instead of a row nine columns wide. */
  ${media.phoneOnly} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 0 ${({ theme }) => theme.space.md};
      padding: ${({ theme }) => theme.space.sm} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    th[scope='row'] {
      grid-column: 1 / -1;
      padding-left: 0;
    }
    th,
    td {
      border-bottom: none;
      padding: 2px 0;
    }
    td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space.xs};
    }
    td::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 400;
    }
  }
`;

const MoveButton = styled.button`
  justify-self: start;
  min-height: 44px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.accentHover};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  text-align: left;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;

  &:focus-visible {
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const SchoolButton = styled.button`
  min-height: 44px;
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.accentHover};
  font: inherit;
  font-weight: 600;
  text-align: left;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  overflow-wrap: anywhere;

  &[aria-pressed='true'] {
    text-decoration-thickness: 2px;
  }
  &:focus-visible {
    outline: none;
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focus};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;
