import { useState } from 'react';
import type { MySchoolDto } from '@atrium/common';
import { errorText } from '../../api/client.ts';
import { useSchoolCourseInsights, useSchoolWeekly, type InsightsFilters } from '../../api/insights.ts';
import { FunnelChart, ModuleCompletionChart, WeeklyChart } from '../../components/charts/InsightsCharts.tsx';
import { Skeleton } from '../../components/Loading.tsx';
import { EmptyText, Panel, PanelHeader, PanelLead, ProblemText } from '../../components/Panel.ts';
import { InsightsFilterBar } from '../Admin/Insights/InsightsFilters.tsx';

/**
 * A manager's Insights (lazy chunk of /school): weekly completions and a course's funnel, counting
 * the school's own staff only (the server answers for this school's members and nobody else).
 */
export function SchoolInsights({ schoolId, courses }: { schoolId: number; courses: MySchoolDto['courses'] }) {
  const [filters, setFilters] = useState<InsightsFilters>({ from: '', to: '', courseId: null, schoolId: null });
  const courseId = filters.courseId ?? courses[0]?.courseId ?? null;
  const weekly = useSchoolWeekly(schoolId, filters);
  const course = useSchoolCourseInsights(schoolId, courseId, filters);
  return (
    <Panel aria-labelledby="school-insights-title">
      <PanelHeader>
        <h2 id="school-insights-title">Insights</h2>
      </PanelHeader>
      <PanelLead>Your staff's completions week by week, and how far they get through each course.</PanelLead>
      <InsightsFilterBar
        filters={{ ...filters, courseId }}
        onChange={(next) => setFilters(next)}
        courses={courses.map((licensed) => ({ id: licensed.courseId, name: licensed.title }))}
        allCourses={false}
      />
      {weekly.data ? (
        <WeeklyChart dto={weekly.data} only={['completions']} filename={`school-${schoolId}-completions-${weekly.data.range.from}-${weekly.data.range.to}`} />
      ) : weekly.isError ? (
        <ProblemText role="alert">{`The weekly completions could not be loaded (${errorText(weekly.error, 'please try again')}).`}</ProblemText>
      ) : (
        <Skeleton $height="12rem" aria-label="Loading the weekly completions" />
      )}
      {courseId === null ? (
        <EmptyText>No courses are licensed for this school yet, so there is no course to follow.</EmptyText>
      ) : course.data ? (
        <>
          <FunnelChart dto={course.data} filename={`school-${schoolId}-funnel-course-${course.data.course.id}`} />
          <ModuleCompletionChart dto={course.data} filename={`school-${schoolId}-modules-course-${course.data.course.id}`} />
        </>
      ) : course.isError ? (
        <ProblemText role="alert">{`The course's funnel could not be loaded (${errorText(course.error, 'please try again')}).`}</ProblemText>
      ) : (
        <Skeleton $height="12rem" aria-label="Loading the course's funnel" />
      )}
    </Panel>
  );
}
