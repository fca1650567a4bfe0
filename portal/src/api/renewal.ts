import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseRenewalDto } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';
import { courseKey, DASHBOARD_KEY } from './courses.ts';
import { MY_TRAINING_KEY } from './deadlines.ts';

// Apart from courses.ts, which the first page load needs: renewal touches the training queries,
// whose module brings the paging schema (and zod) with it.
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
      await invalidatePaths(queryClient, [courseKey(courseId)[0], DASHBOARD_KEY[0], MY_TRAINING_KEY[0]]);
    },
  });
}
