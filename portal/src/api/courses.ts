import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetailDto, CourseSummaryDto, Currency, DashboardDto, EnrollmentRecordDto } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

export const COURSES_KEY = ['/api/courses'] as const;
export const DASHBOARD_KEY = ['/api/dashboard'] as const;
export const courseKey = (id: number | string) => [`/api/courses/${id}`] as const;

export const useCourses = () => useQuery<CourseSummaryDto[]>({ queryKey: COURSES_KEY });
export const useDashboard = () => useQuery<DashboardDto>({ queryKey: DASHBOARD_KEY });
export const useCourse = (id: number | string) => useQuery<CourseDetailDto>({ queryKey: courseKey(id) });

/** POST /api/enrollments: a free (or licensed) course enrolls at once; a priced one answers 402. */
export function useEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    // The currency the price was shown in: a course free in it enrolls at once (common/rules/pricing.ts).
    mutationFn: ({ courseId, currency }: { courseId: number; currency: Currency }) => api.post<EnrollmentRecordDto>('/api/enrollments', { courseId, currency }),
    onSuccess: async (_record, { courseId }) => {
      await invalidatePaths(queryClient, [courseKey(courseId)[0], DASHBOARD_KEY[0]]);
    },
  });
}
