import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseInsightsDto, RetentionDto, SchedulerRunDto, WeeklyInsightsDto } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

/** What the Insights charts are narrowed to; days are YYYY-MM-DD (UTC), empty = the default (last 12 months). */
export interface InsightsFilters {
  from: string;
  to: string;
  courseId: number | null;
  schoolId: number | null;
}

function withQuery(path: string, values: Record<string, string | number | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

// Each key is the path with its query string, which the default query function GETs.
export const adminWeeklyKey = (filters: InsightsFilters) =>
  [withQuery('/api/admin/insights/weekly', { from: filters.from, to: filters.to, courseId: filters.courseId, schoolId: filters.schoolId })] as const;
export const adminCourseInsightsKey = (courseId: number, filters: InsightsFilters) =>
  [withQuery(`/api/admin/insights/courses/${courseId}`, { from: filters.from, to: filters.to, schoolId: filters.schoolId })] as const;
export const retentionKey = (moduleId: number) => [`/api/admin/insights/modules/${moduleId}/retention`] as const;
export const schoolWeeklyKey = (schoolId: number, filters: Pick<InsightsFilters, 'from' | 'to' | 'courseId'>) =>
  [withQuery(`/api/schools/${schoolId}/insights/weekly`, { from: filters.from, to: filters.to, courseId: filters.courseId })] as const;
export const schoolCourseInsightsKey = (schoolId: number, courseId: number, filters: Pick<InsightsFilters, 'from' | 'to'>) =>
  [withQuery(`/api/schools/${schoolId}/insights/courses/${courseId}`, { from: filters.from, to: filters.to })] as const;

/** GET /api/admin/insights/weekly: enrollments, completions, certificates and revenue per week. */
export const useAdminWeekly = (filters: InsightsFilters) => useQuery<WeeklyInsightsDto>({ queryKey: adminWeeklyKey(filters) });

/** GET /api/admin/insights/courses/:courseId: the funnel and module completions (none without a course). */
export const useAdminCourseInsights = (courseId: number | null, filters: InsightsFilters) =>
  useQuery<CourseInsightsDto>({ queryKey: adminCourseInsightsKey(courseId ?? 0, filters), enabled: courseId !== null });

/** GET /api/admin/insights/modules/:moduleId/retention. */
export const useRetention = (moduleId: number | null) => useQuery<RetentionDto>({ queryKey: retentionKey(moduleId ?? 0), enabled: moduleId !== null });

/** GET /api/schools/:id/insights/weekly: the school's own staff. */
export const useSchoolWeekly = (schoolId: number, filters: Pick<InsightsFilters, 'from' | 'to' | 'courseId'>) =>
  useQuery<WeeklyInsightsDto>({ queryKey: schoolWeeklyKey(schoolId, filters) });

/** GET /api/schools/:id/insights/courses/:courseId: the school's own staff's funnel. */
export const useSchoolCourseInsights = (schoolId: number, courseId: number | null, filters: Pick<InsightsFilters, 'from' | 'to'>) =>
  useQuery<CourseInsightsDto>({ queryKey: schoolCourseInsightsKey(schoolId, courseId ?? 0, filters), enabled: courseId !== null });

export const trustWeeklyKey = (trustId: number, filters: InsightsFilters) =>
  [
    withQuery(`/api/trusts/${trustId}/insights/weekly`, { from: filters.from, to: filters.to, courseId: filters.courseId, schoolId: filters.schoolId }),
  ] as const;
export const trustCourseInsightsKey = (trustId: number, courseId: number, filters: Pick<InsightsFilters, 'from' | 'to' | 'schoolId'>) =>
  [withQuery(`/api/trusts/${trustId}/insights/courses/${courseId}`, { from: filters.from, to: filters.to, schoolId: filters.schoolId })] as const;

/** GET /api/trusts/:id/insights/weekly: the staff of the trust's schools, or of one of them. */
export const useTrustWeekly = (trustId: number, filters: InsightsFilters) => useQuery<WeeklyInsightsDto>({ queryKey: trustWeeklyKey(trustId, filters) });

/** GET /api/trusts/:id/insights/courses/:courseId: the trust's staff's funnel (none without a course). */
export const useTrustCourseInsights = (trustId: number, courseId: number | null, filters: Pick<InsightsFilters, 'from' | 'to' | 'schoolId'>) =>
  useQuery<CourseInsightsDto>({ queryKey: trustCourseInsightsKey(trustId, courseId ?? 0, filters), enabled: courseId !== null });

/**
 * "Update now": the scheduler's own insights-rollup job run on request (under its lease), then
 * every admin chart read again; the scheduler's panel is read again either way, as "Run now" does.
 */
export function useUpdateAdminInsights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SchedulerRunDto>('/api/admin/scheduler/insights-rollup/run'),
    onSuccess: () => invalidatePaths(queryClient, ['/api/admin/insights']),
    onSettled: () => invalidatePaths(queryClient, ['/api/admin/scheduler']),
  });
}

/**
 * A CSV's name with the filters that narrowed it, so two downloads for different courses or
 * schools never share a name: "weekly-course-2-school-4-2026-01-05-2026-01-25" (issue 53 item 11).
 */
export function insightsFilename(kind: string, filters: Pick<InsightsFilters, 'courseId' | 'schoolId'>, range: { from: string; to: string }): string {
  const parts = [kind];
  if (filters.courseId !== null) parts.push(`course-${filters.courseId}`);
  if (filters.schoolId !== null) parts.push(`school-${filters.schoolId}`);
  return [...parts, range.from, range.to].join('-');
}
