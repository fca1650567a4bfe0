import { useState } from 'react';
import type { MySchoolDto } from '@atrium/common';
import { useSchoolCourseInsights, useSchoolWeekly, type InsightsFilters } from '../../api/insights.ts';
import { StaffInsightsPanel } from '../../components/insights/StaffInsightsPanel.tsx';
import { readState } from '../../components/QueryState.tsx';

/**
 * A manager's Insights (lazy chunk of /school): weekly completions and a course's funnel, counting
 * the school's own staff only (the server answers for this school's members and nobody else).
 */
export function SchoolInsights({ schoolId, courses }: { schoolId: number; courses: MySchoolDto['courses'] }) {
  const [filters, setFilters] = useState<InsightsFilters>({ from: '', to: '', courseId: null, schoolId: null });
  const courseId = filters.courseId ?? courses[0]?.courseId ?? null;
  return (
    <StaffInsightsPanel
      lead="Your staff's completions week by week, and how far they get through each course."
      filters={filters}
      onFilters={setFilters}
      courseId={courseId}
      courses={courses.map((licensed) => ({ id: licensed.courseId, name: licensed.title }))}
      weekly={readState(useSchoolWeekly(schoolId, { ...filters, courseId }))}
      course={readState(useSchoolCourseInsights(schoolId, courseId, filters))}
      filePrefix={`school-${schoolId}`}
      noCourses="No courses are licensed for this school yet, so there is no course to follow."
    />
  );
}
