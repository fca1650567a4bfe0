import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseDetailDto, CourseRenewalDto, CourseSummaryDto, DashboardDto, EnrollmentRecordDto } from '@atrium/common';
import { api } from './client.ts';
import { MY_TRAINING_KEY } from './deadlines.ts';

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
    mutationFn: (courseId: number) => api.post<EnrollmentRecordDto>('/api/enrollments', { courseId }),
    onSuccess: async (_record, courseId) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: courseKey(courseId) }), queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY })]);
    },
  });
}

export const renewalKey = (id: number) => [`/api/courses/${id}/renewal`] as const;

/** Where the learner stands on renewing their certificate for a course (only asked when enrolled). */
export const useCourseRenewal = (courseId: number, enabled: boolean) => useQuery<CourseRenewalDto>({ queryKey: renewalKey(courseId), enabled });

/** POST /api/courses/:id/renewal: the learner's progress on the course restarts; 409 says why when none is due. */
export function useStartRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => api.post<CourseRenewalDto>(`/api/courses/${courseId}/renewal`),
    onSuccess: async (renewal, courseId) => {
      queryClient.setQueryData(renewalKey(courseId), renewal);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_TRAINING_KEY }),
      ]);
    },
  });
}
