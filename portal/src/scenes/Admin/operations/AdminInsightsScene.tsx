import { useState } from 'react';
import { useAdminSchools } from '../../../api/adminSchools.ts';
import { errorText } from '../../../api/client.ts';
import { useCourses } from '../../../api/courses.ts';
import { useSchedulerStatus } from '../../../api/deadlines.ts';
import { insightsFilename, useAdminCourseInsights, useUpdateAdminInsights, useAdminWeekly, useRetention, type InsightsFilters } from '../../../api/insights.ts';
import { mapRead, readState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminInsightsView, type RetentionState } from './AdminInsightsView.tsx';

const EMPTY_FILTERS: InsightsFilters = { from: '', to: '', courseId: null, schoolId: null };

/** /admin/insights: the filters, the reads they narrow, and the rollup run on demand. */
export function AdminInsightsScene() {
  usePageTitle('Insights');
  const [filters, setFilters] = useState<InsightsFilters>(EMPTY_FILTERS);
  const courses = useCourses();
  const schools = useAdminSchools('');
  const courseOptions = (courses.data ?? []).map((course) => ({ id: course.id, name: course.title }));
  const schoolOptions = (schools.data?.items ?? []).map((school) => ({ id: school.id, name: school.name }));
  // The funnel is per course: the course filter's, or the first course.
  const funnelCourseId = filters.courseId ?? courseOptions[0]?.id ?? null;
  const weekly = useAdminWeekly(filters);
  const course = useAdminCourseInsights(funnelCourseId, filters);
  // The module picked, while the course has it; otherwise the course's first.
  const [pickedModule, setModuleId] = useState<number | null>(null);
  // Videos only (a knowledge check has no curve), numbered as the course's steps are.
  const modules = (course.data?.steps ?? []).flatMap((step, index) => (step.kind === 'video' ? [{ id: step.id, title: step.title, step: index + 1 }] : []));
  const moduleId = modules.some((module) => module.id === pickedModule) ? pickedModule : (modules[0]?.id ?? null);
  const retention = useRetention(moduleId);
  const courseTitle = course.data?.course.title ?? courseOptions.find((option) => option.id === funnelCourseId)?.name ?? '';
  // "Update now": the rollup run here (the scheduler's own job, under its lease), then every chart read again.
  const runRollup = useUpdateAdminInsights();
  const scheduler = useSchedulerStatus();
  const updateNow = () => runRollup.mutate();
  const retentionState: RetentionState = moduleId !== null ? readState(retention) : course.data ? { state: 'noModules' } : { state: 'waiting' };

  return (
    <AdminInsightsView
      filters={filters}
      onFilters={setFilters}
      courses={courseOptions}
      schools={schoolOptions}
      weekly={readState(weekly)}
      rollup={{
        onUpdate: updateNow,
        updating: runRollup.isPending,
        scheduled: scheduler.data?.enabled !== false,
        problem: runRollup.error ? `Not updated: ${errorText(runRollup.error, 'please try again')}` : null,
      }}
      courseTitle={courseTitle}
      funnel={funnelCourseId === null ? mapRead(readState(courses), () => null) : readState(course)}
      funnelOf={funnelCourseId === null ? 'catalogue' : 'course'}
      modules={modules}
      moduleId={moduleId}
      onModule={setModuleId}
      retention={retentionState}
      filename={(kind, range) => insightsFilename(kind, filters, range)}
    />
  );
}
