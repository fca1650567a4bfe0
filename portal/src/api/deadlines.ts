import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// pageSearch from its own zod-free module: the `@atrium/common` barrel (every zod schema) or
// schemas/paging (zod itself) would come into whichever chunk imports this file, the dashboard's too.
import { pageSearch } from '@atrium/common/rules/pageSearch';
import type {
  DeadlineInput,
  MyTrainingDto,
  SchedulerRunDto,
  SchedulerStatusDto,
  SchoolDeadlinesDto,
  TrainingCountsDto,
  TrainingStatus,
  TrainingStatusRowDto,
  UnsubscribeDto,
} from '@atrium/common';
import { api, type Page } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

/**
 * Deadlines and training statuses. `root` is the school's API root: `/api/schools/:id` for its
 * managers, `/api/admin/schools/:id` for the admin; both answer the same shapes.
 */
export const deadlinesKey = (root: string) => [`${root}/deadlines`] as const;
export const TRAINING_PAGE_SIZE = 25;
export const MY_TRAINING_KEY = ['/api/user/training'] as const;

export const useSchoolDeadlines = (root: string) => useQuery<SchoolDeadlinesDto>({ queryKey: deadlinesKey(root) });

export interface TrainingFilter {
  status: TrainingStatus | null;
  courseId: number | null;
  /** Only this group's members (a group of the school or of its trust). */
  groupId?: number | null;
  page: number;
}

export function useTrainingStatus(root: string, filter: TrainingFilter) {
  const search = [
    filter.status ? `status=${filter.status}` : null,
    filter.courseId ? `courseId=${filter.courseId}` : null,
    filter.groupId ? `groupId=${filter.groupId}` : null,
    pageSearch({ limit: TRAINING_PAGE_SIZE, offset: filter.page * TRAINING_PAGE_SIZE }),
  ]
    .filter(Boolean)
    .join('&');
  return useQuery<Page<TrainingStatusRowDto>>({
    queryKey: [`${root}/training-status`, filter],
    queryFn: ({ signal }) => api.getPage<TrainingStatusRowDto>(`${root}/training-status?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The status counts of the list's course and group filters; null without either (the school's
 * own counts, in its deadlines answer, stand). Under the list's key, so what refreshes the list
 * refreshes them.
 */
export function useTrainingCounts(root: string, filter: Pick<TrainingFilter, 'courseId' | 'groupId'>) {
  const search = [filter.courseId ? `courseId=${filter.courseId}` : null, filter.groupId ? `groupId=${filter.groupId}` : null].filter(Boolean).join('&');
  return useQuery<TrainingCountsDto>({
    queryKey: [`${root}/training-status`, 'counts', search],
    queryFn: ({ signal }) => api.get<TrainingCountsDto>(`${root}/training-status/counts?${search}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: search !== '',
  });
}

/** Setting or removing a deadline changes the counts and the list: both are read again. */
function useDeadlineMutation<V>(root: string, call: (variables: V) => Promise<SchoolDeadlinesDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(deadlinesKey(root), answer);
      return invalidatePaths(queryClient, [`${root}/training-status`]);
    },
  });
}

export const useSetDeadline = (root: string) =>
  useDeadlineMutation(root, ({ courseId, input }: { courseId: number; input: DeadlineInput }) =>
    api.put<SchoolDeadlinesDto>(`${root}/deadlines/${courseId}`, input),
  );

export const useClearDeadline = (root: string) =>
  useDeadlineMutation(root, (courseId: number) => api.delete<SchoolDeadlinesDto>(`${root}/deadlines/${courseId}`));

export const useMyTraining = (enabled = true) => useQuery<MyTrainingDto[]>({ queryKey: MY_TRAINING_KEY, enabled });

export const SCHEDULER_KEY = ['/api/admin/scheduler'] as const;

export const useSchedulerStatus = () => useQuery<SchedulerStatusDto>({ queryKey: SCHEDULER_KEY });

/** "Run now": the job runs on the instance that answers; the panel is read again either way. */
export function useRunSchedulerJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<SchedulerRunDto>(`/api/admin/scheduler/${encodeURIComponent(name)}/run`),
    onSettled: () => invalidatePaths(queryClient, [SCHEDULER_KEY[0]]),
  });
}

const unsubscribePath = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

export const useUnsubscribeInfo = (token: string) => useQuery<UnsubscribeDto>({ queryKey: [unsubscribePath(token)], enabled: token !== '', retry: false });

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnsubscribeDto>(unsubscribePath(token)),
    onSuccess: (answer) => queryClient.setQueryData([unsubscribePath(token)], answer),
  });
}
