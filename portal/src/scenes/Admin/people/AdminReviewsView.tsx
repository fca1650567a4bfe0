import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ReviewCountsDto, ReviewQueueItemDto, ReviewQueueStatus } from '@atrium/common';
import { media } from '@atrium/common/ui/theme';
import type { ReviewFilters } from '../../../api/assignments.ts';
import { Button } from '../../../components/Button.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { Muted, Panel } from '../../../components/Panel.ts';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { formatShortDate } from '@atrium/common/rules/dates';
import { Pager } from '../../../components/school/TrainingStatusList.tsx';
import { SubmissionStatusBadge } from '../../../components/assignments/SubmissionParts.tsx';
import { BackToAdmin } from '../shared/AdminRecordPage.tsx';

const count = new Intl.NumberFormat('en-GB');

const TABS: { status: ReviewQueueStatus; label: string; countKey: 'awaiting' | 'changesRequested' | 'approved'; empty: string }[] = [
  { status: 'awaiting', label: 'Awaiting review', countKey: 'awaiting', empty: 'Nothing waits for a review. New submissions appear here, oldest first.' },
  { status: 'changes_requested', label: 'Changes requested', countKey: 'changesRequested', empty: 'No submission is waiting for the learner’s changes.' },
  { status: 'approved', label: 'Approved', countKey: 'approved', empty: 'No submission has been approved yet.' },
];

export interface AdminReviewsViewProps {
  filters: ReviewFilters;
  onFilters: (filters: ReviewFilters) => void;
  /** The courses and schools the filters offer. */
  courses: Array<{ id: number; title: string }>;
  schools: Array<{ id: number; name: string }>;
  /** How many wait, were sent back and were approved, under the course and school filters. */
  counts: ReadState<ReviewCountsDto>;
  /** The tab's page of submissions, oldest first; `total` when the server counted them. */
  queue: ReadState<{ items: ReviewQueueItemDto[]; total: number | null }>;
  pageSize: number;
}

/**
 * /admin/reviews (issue 37): the learners' submissions to assignments, oldest first, by status
 * with counts, narrowed by course and school. A row opens the submission to review it.
 */
export function AdminReviewsView({ filters, onFilters: setFilters, courses, schools, counts, queue, pageSize }: AdminReviewsViewProps) {
  const ids = { course: useId(), school: useId() };
  const tab = TABS.find((entry) => entry.status === filters.status)!;
  const first = filters.page * pageSize;
  const total = queue.state === 'ready' ? (queue.data.total ?? queue.data.items.length) : 0;

  return (
    <Container>
      <PageHeading
        title="Reviews"
        lead="Learners’ assignment submissions, oldest first. Open one to look at the files, write feedback, and approve or ask for changes."
        actions={<BackToAdmin />}
      />
      <Filters aria-label="Filters">
        <div>
          <FieldLabel htmlFor={ids.course}>Course</FieldLabel>
          <Select
            id={ids.course}
            value={filters.courseId ?? ''}
            onChange={(event) => setFilters({ ...filters, courseId: event.target.value ? Number(event.target.value) : null, page: 0 })}
          >
            <option value="">All courses</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={ids.school}>School</FieldLabel>
          <Select
            id={ids.school}
            value={filters.schoolId ?? ''}
            onChange={(event) => setFilters({ ...filters, schoolId: event.target.value ? Number(event.target.value) : null, page: 0 })}
          >
            <option value="">Every learner</option>
            {schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </Select>
        </div>
      </Filters>
      <Tabs role="group" aria-label="Status">
        {TABS.map((entry) => (
          <Tab
            key={entry.status}
            type="button"
            aria-pressed={filters.status === entry.status}
            onClick={() => setFilters({ ...filters, status: entry.status, page: 0 })}
          >
            {entry.label}
            <TabCount>{counts.state === 'ready' ? count.format(counts.data[entry.countKey]) : '…'}</TabCount>
          </Tab>
        ))}
      </Tabs>
      <QueryState read={counts} size="inline" loading="Loading the counts" failed="The counts could not be loaded.">
        {() => null}
      </QueryState>
      <Panel aria-label={tab.label}>
        <QueryState
          read={queue}
          size="panel"
          loading="Loading submissions"
          failed="The submissions could not be loaded."
          isEmpty={(page) => page.items.length === 0}
          empty={filters.courseId || filters.schoolId ? 'Nothing here for these filters.' : tab.empty}
        >
          {(page) => (
            <>
              <Rows>
                {page.items.map((item) => (
                  <li key={item.submissionId}>
                    <div>
                      <Link to={`/admin/reviews/${item.submissionId}`}>
                        {item.learner.name}: {item.assignment.title}
                      </Link>
                      <Muted>
                        {item.course.title}
                        {item.school ? ` · ${item.school.name}` : ''} · round {item.round} · {item.fileCount} {item.fileCount === 1 ? 'file' : 'files'}
                      </Muted>
                      <Muted>
                        {item.submittedAt ? `Sent ${formatShortDate(item.submittedAt)}` : null}
                        {item.reviewedAt ? ` · reviewed ${formatShortDate(item.reviewedAt)}` : null}
                      </Muted>
                    </div>
                    <SubmissionStatusBadge submission={item} approvalRequired />
                  </li>
                ))}
              </Rows>
              {total > pageSize ? (
                <Pager>
                  <Muted>
                    {count.format(first + 1)}–{count.format(Math.min(first + pageSize, total))} of {count.format(total)}
                  </Muted>
                  <div>
                    <Button size="sm" variant="secondary" disabled={filters.page === 0} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
                      Previous
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={first + pageSize >= total}
                      onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
                    >
                      Next
                    </Button>
                  </div>
                </Pager>
              ) : null}
            </>
          )}
        </QueryState>
      </Panel>
    </Container>
  );
}

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};

  ${media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 16rem));
  }
`;

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Tab = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentHover};
  }
`;

const TabCount = styled.span`
  min-width: 1.75rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-variant-numeric: tabular-nums;
  text-align: center;
`;

const Rows = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > div {
    display: grid;
    gap: 2px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  a {
    font-weight: 600;
  }
`;
