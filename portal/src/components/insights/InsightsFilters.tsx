import { useId } from 'react';
import styled from 'styled-components';
import type { InsightsFilters } from '../../api/insights.ts';
import { Input } from '../Field.tsx';
import { FieldLabel, Select } from '../NativeSelect.ts';

interface Option {
  id: number;
  name: string;
}

interface Props {
  filters: InsightsFilters;
  onChange(filters: InsightsFilters): void;
  courses: readonly Option[];
  /** Omitted on a school's page: its own school is the only one. */
  schools?: readonly Option[];
  /** "All courses" offered (the weekly charts); the funnel needs one. */
  allCourses?: boolean;
  /** The school picker's first choice: every learner (the agency's), or all of a trust's schools. */
  anySchoolLabel?: string;
}

/** Date range, course and school: what every Insights chart below is narrowed to. */
export function InsightsFilterBar({ filters, onChange, courses, schools, allCourses = true, anySchoolLabel = 'Every learner' }: Props) {
  const ids = { from: useId(), to: useId(), course: useId(), school: useId() };
  return (
    <Bar aria-label="Filters">
      <div>
        <FieldLabel htmlFor={ids.from}>From</FieldLabel>
        <Input
          id={ids.from}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ ...filters, from: event.target.value })}
        />
      </div>
      <div>
        <FieldLabel htmlFor={ids.to}>To</FieldLabel>
        <Input
          id={ids.to}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ ...filters, to: event.target.value })}
        />
      </div>
      <div>
        <FieldLabel htmlFor={ids.course}>Course</FieldLabel>
        <Select
          id={ids.course}
          value={filters.courseId ?? ''}
          // Nothing to choose (a school without a licence): a disabled field that says so, not an empty one.
          disabled={!allCourses && courses.length === 0}
          onChange={(event) => onChange({ ...filters, courseId: event.target.value === '' ? null : Number(event.target.value) })}
        >
          {allCourses ? <option value="">All courses</option> : courses.length === 0 ? <option value="">No courses</option> : null}
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </Select>
      </div>
      {schools ? (
        <div>
          <FieldLabel htmlFor={ids.school}>School</FieldLabel>
          <Select
            id={ids.school}
            value={filters.schoolId ?? ''}
            onChange={(event) => onChange({ ...filters, schoolId: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{anySchoolLabel}</option>
            {schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </Bar>
  );
}

const Bar = styled.section`
  display: grid;
  /* One field a row on a 320 px phone, two from about 390 px, four where they fit: a date field
     narrower than this cuts off its own "dd/mm/yyyy". */
  grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};

  & > div {
    display: grid;
    gap: ${({ theme }) => theme.space.xxs};
    min-width: 0;
  }

  /* A date field's own minimum width would push it past a phone's half column. */
  & input,
  & select {
    min-width: 0;
    width: 100%;
  }
`;
