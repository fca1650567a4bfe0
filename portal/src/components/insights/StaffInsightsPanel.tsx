import type { CourseInsightsDto, WeeklyInsightsDto } from '@atrium/common';
import { insightsFilename, type InsightsFilters } from '../../api/insights.ts';
import { UpdatedNote } from '../charts/UpdatedNote.tsx';
import { FunnelChart, StepCompletionChart, WeeklyChart } from '../charts/InsightsCharts.tsx';
import { QueryState, type ReadState } from '../QueryState.tsx';
import { EmptyText, Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { InsightsFilterBar } from './InsightsFilters.tsx';

interface Option {
  id: number;
  name: string;
}

interface Props {
  lead: string;
  filters: InsightsFilters;
  onFilters(filters: InsightsFilters): void;
  /** The course the funnel follows: the chosen one, else the first. */
  courseId: number | null;
  courses: readonly Option[];
  /** A trust's schools; omitted on a school's own page. */
  schools?: readonly Option[];
  weekly: ReadState<WeeklyInsightsDto>;
  course: ReadState<CourseInsightsDto>;
  /** Starts the CSV files' names, e.g. "school-12". */
  filePrefix: string;
  noCourses: string;
}

/**
 * The managers' Insights panel (a school's, a trust's): weekly completions and a course's funnel
 * and step completions for their own staff, with filters; each read's loading and error
 * states of its own. A view: its containers (SchoolInsights, TrustInsights) pass the reads.
 */
export function StaffInsightsPanel({ lead, filters, onFilters, courseId, courses, schools, weekly, course, filePrefix, noCourses }: Props) {
  return (
    <Panel aria-labelledby="staff-insights-title">
      <PanelHeader>
        <h2 id="staff-insights-title">Insights</h2>
      </PanelHeader>
      <PanelLead>{lead}</PanelLead>
      <InsightsFilterBar
        filters={{ ...filters, courseId }}
        onChange={onFilters}
        courses={courses}
        schools={schools}
        allCourses={false}
        anySchoolLabel="All schools"
      />
      <QueryState read={weekly} size="panel" loading="Loading the weekly completions" failed="The weekly completions could not be loaded.">
        {(data) => (
          <>
            <UpdatedNote updatedAt={data.updatedAt} />
            <WeeklyChart dto={data} only={['completions']} filename={insightsFilename(`${filePrefix}-completions`, filters, data.range)} />
          </>
        )}
      </QueryState>
      {courseId === null ? (
        <EmptyText>{noCourses}</EmptyText>
      ) : (
        <QueryState read={course} size="panel" loading="Loading the course's funnel" failed="The course's funnel could not be loaded.">
          {(data) => (
            <>
              <FunnelChart dto={data} filename={`${filePrefix}-funnel-course-${data.course.id}`} />
              <StepCompletionChart dto={data} filename={`${filePrefix}-steps-course-${data.course.id}`} />
            </>
          )}
        </QueryState>
      )}
    </Panel>
  );
}
