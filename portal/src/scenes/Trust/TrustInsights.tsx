import { useState } from 'react';
import type { TrustOverviewDto } from '@atrium/common';
import { useTrustCourseInsights, useTrustWeekly, type InsightsFilters } from '../../api/insights.ts';
import { StaffInsightsPanel } from '../../components/insights/StaffInsightsPanel.tsx';
import { readState } from '../../components/QueryState.tsx';

/**
 * A trust manager's Insights (lazy chunk of /trust): weekly completions and a course's funnel for
 * the staff of every school of the trust, or of one (the server answers for the trust's schools
 * and nobody else).
 */
export function TrustInsights({ trustId, schools, courses }: { trustId: number; schools: TrustOverviewDto['schools']; courses: TrustOverviewDto['courses'] }) {
  const [filters, setFilters] = useState<InsightsFilters>({ from: '', to: '', courseId: null, schoolId: null });
  // A chosen school is offered the courses its own licences cover (the server counts nothing else there).
  const offered = filters.schoolId === null ? courses : courses.filter((licensed) => licensed.schoolIds.includes(filters.schoolId!));
  const courseId = offered.some((licensed) => licensed.id === filters.courseId) ? filters.courseId : (offered[0]?.id ?? null);
  const chosenSchool = schools.find((school) => school.schoolId === filters.schoolId);
  return (
    <StaffInsightsPanel
      lead="Completions week by week across the trust's schools, and how far staff get through each course."
      filters={filters}
      onFilters={setFilters}
      courseId={courseId}
      courses={offered.map((licensed) => ({ id: licensed.id, name: licensed.title }))}
      schools={schools.map((school) => ({ id: school.schoolId, name: school.name }))}
      weekly={readState(useTrustWeekly(trustId, { ...filters, courseId }))}
      course={readState(useTrustCourseInsights(trustId, courseId, filters))}
      filePrefix={filters.schoolId === null ? `trust-${trustId}` : `trust-${trustId}-school-${filters.schoolId}`}
      noCourses={
        chosenSchool
          ? `${chosenSchool.name} holds no course licence yet, so there is no course to follow there.`
          : "No courses are licensed for the trust's schools yet, so there is no course to follow."
      }
    />
  );
}
