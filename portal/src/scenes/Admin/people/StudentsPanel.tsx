import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { StudentDto } from '@atrium/common';
import { useStudentSearch } from '../../../api/adminStudents.ts';
import { Avatar, displayName } from '../../../components/Avatar.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Spinner } from '../../../components/Loading.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { RowLink } from '../shared/adminStyles.ts';
import { Muted, Panel, PanelHeader } from '../../../components/Panel.ts';

const count = new Intl.NumberFormat('en-GB');

/**
 * Every account, newest first, searched on the server as you type and fetched a page at a time
 * as the list scrolls: with 200,000 students the browser only ever holds what was scrolled to.
 */
export function StudentsPanel() {
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), 250);
  const students = useStudentSearch(q);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = students;

  // More rows when the end of the list scrolls into view (the button below does the same by keyboard).
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = students.data?.pages.flatMap((page) => page.items) ?? [];
  const total = students.data?.pages[0]?.total ?? null;
  const searching = query.trim() !== q || (students.isFetching && !isFetchingNextPage);

  return (
    <Panel aria-labelledby="students-title">
      <PanelHeader>
        <h2 id="students-title">Students</h2>
        {total !== null ? (
          <Muted aria-live="polite">
            {rows.length < total
              ? `Showing ${count.format(rows.length)} of ${count.format(total)}`
              : `${count.format(total)} ${total === 1 ? 'student' : 'students'}`}
          </Muted>
        ) : null}
      </PanelHeader>
      <SearchRow>
        <TextField
          label="Search students"
          type="search"
          placeholder="Name, e-mail or school"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {searching ? <Spinner $size={20} aria-hidden="true" /> : null}
      </SearchRow>
      <Scroller ref={scroller}>
        <QueryState
          read={students}
          size="panel"
          loading="Loading students"
          failed="The students could not be loaded."
          isEmpty={() => rows.length === 0}
          empty={q ? `No students match “${q}”.` : 'No students yet.'}
        >
          {() => (
            <List aria-label="Students">
              {rows.map((student) => (
                <StudentRow key={student.id} student={student} />
              ))}
              <li ref={sentinel} aria-hidden="true" />
            </List>
          )}
        </QueryState>
        {hasNextPage ? (
          <More>
            <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading more…' : 'Load more students'}
            </Button>
          </More>
        ) : null}
      </Scroller>
    </Panel>
  );
}

function StudentRow({ student }: { student: StudentDto }) {
  const name = displayName(student);
  return (
    <li>
      <RowLink to={`/admin/students/${student.id}`}>
        <Avatar person={student} src={student.profileImageUrl} size={36} decorative />
        <Who>
          <strong>{name}</strong>
          {name !== student.email ? <Muted>{student.email}</Muted> : null}
        </Who>
        <Side>
          {student.role === 'admin' ? <Badge $tone="warning">Admin</Badge> : null}
          <Muted>
            {student.enrollmentCount} {student.enrollmentCount === 1 ? 'course' : 'courses'}
          </Muted>
        </Side>
      </RowLink>
    </li>
  );
}

const SearchRow = styled.div`
  position: relative;
  margin-bottom: ${({ theme }) => theme.space.sm};

  & > span {
    position: absolute;
    right: ${({ theme }) => theme.space.sm};
    bottom: 12px;
  }
`;

const Scroller = styled.div`
  max-height: 26rem;
  overflow-y: auto;
  overscroll-behavior: contain;
  margin: 0 -${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  & > li + li:not([aria-hidden]) {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Who = styled.span`
  display: grid;
  flex: 1;
  min-width: 0;

  strong,
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    font-weight: 600;
  }
`;

const Side = styled.span`
  display: flex;
  flex: none;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xs} 0;
`;
