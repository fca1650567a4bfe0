import { useState } from 'react';
import styled from 'styled-components';
import { errorText } from '../../api/client.ts';
import { useGroups } from '../../api/groups.ts';
import { useCpdHours, type CpdHoursFilter } from '../../api/transcript.ts';
import { TextField } from '../Field.tsx';
import { QueryState } from '../QueryState.tsx';
import { FieldLabel, Select } from '../NativeSelect.ts';
import { Panel, PanelHeader, PanelLead, ProblemText } from '../Panel.ts';
import { CpdHoursList } from './CpdHoursList.tsx';

/**
 * "CPD hours" on /school and /trust (issue 59): each person's verified hours, this school year
 * unless a range is chosen, with the staff list's filters: course and group (and the school, for
 * a trust). `root` is the school's or trust's API root the server sent (`api`); `courses` the licensed ones.
 */
export function CpdHoursPanel({
  root,
  schools,
  courses = [],
}: {
  root: string;
  schools?: Array<{ schoolId: number; name: string }>;
  courses?: Array<{ id: number; title: string }>;
}) {
  const [filter, setFilter] = useState<CpdHoursFilter>({ from: '', to: '', groupId: null, schoolId: null, courseId: null });
  const hours = useCpdHours(root, filter);
  const groups = useGroups(root).data?.groups ?? [];
  const id = root.replace(/\W+/g, '-');
  // A school's panel (the one without a school filter) lists its trust's groups too, so it marks them.
  const ofSchool = !schools;
  return (
    <Panel aria-labelledby={`${id}-hours-title`}>
      <PanelHeader>
        <h2 id={`${id}-hours-title`}>CPD hours</h2>
      </PanelHeader>
      <PanelLead>
        Verified hours of the courses each person completed here, this school year unless you choose dates. A course completed before someone joined counts only
        if they share their whole record.
      </PanelLead>
      <Filters>
        <TextField label="From" type="date" value={filter.from} onChange={(event) => setFilter((current) => ({ ...current, from: event.target.value }))} />
        <TextField label="To" type="date" value={filter.to} onChange={(event) => setFilter((current) => ({ ...current, to: event.target.value }))} />
        {schools && schools.length > 1 ? (
          <div>
            <FieldLabel htmlFor={`${id}-hours-school`}>School</FieldLabel>
            <Select
              id={`${id}-hours-school`}
              value={filter.schoolId ?? ''}
              onChange={(event) => setFilter((current) => ({ ...current, schoolId: event.target.value ? Number(event.target.value) : null }))}
            >
              <option value="">All schools</option>
              {schools.map((school) => (
                <option key={school.schoolId} value={school.schoolId}>
                  {school.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {courses.length > 1 ? (
          <div>
            <FieldLabel htmlFor={`${id}-hours-course`}>Course</FieldLabel>
            <Select
              id={`${id}-hours-course`}
              value={filter.courseId ?? ''}
              onChange={(event) => setFilter((current) => ({ ...current, courseId: event.target.value ? Number(event.target.value) : null }))}
            >
              <option value="">All courses</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {groups.length > 0 ? (
          <div>
            <FieldLabel htmlFor={`${id}-hours-group`}>Group</FieldLabel>
            <Select
              id={`${id}-hours-group`}
              value={filter.groupId ?? ''}
              onChange={(event) => setFilter((current) => ({ ...current, groupId: event.target.value ? Number(event.target.value) : null }))}
            >
              <option value="">Everyone</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                  {group.owner === 'trust' && ofSchool ? ' (trust)' : ''}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
      </Filters>
      <QueryState read={hours} size="panel" loading="Loading the hours" failed="The hours could not be loaded.">
        {(data) => (
          <div aria-busy={hours.isFetching}>
            {/* Another filter's hours could not be read: the last ones stay, and say so. */}
            {hours.error ? (
              <ProblemText role="status" aria-live="polite">
                {errorText(hours.error, 'The hours could not be loaded.')}
              </ProblemText>
            ) : null}
            <CpdHoursList hours={data} showSchool={Boolean(schools)} />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  align-items: end;

  @media (min-width: 640px) {
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  }
`;
