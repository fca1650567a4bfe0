import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgressDto } from '@atrium/common';
import { api, ApiError } from './client.ts';
import { courseKey, DASHBOARD_KEY } from './courses.ts';
import { invalidatePaths } from './invalidate.ts';

export const progressKey = (moduleId: number | string) => [`/api/progress/${moduleId}`] as const;

export interface ProgressUpdate {
  moduleId: number;
  courseId: number;
  /** SPEC's watched seconds: distinct seconds played, or the whole duration on Mark as Complete. */
  watchedDuration: number;
  /** Distinct seconds actually played (issue 36); never raised by Mark as Complete. */
  playedSeconds?: number;
  isCompleted: boolean;
  /** Resume point, seconds. */
  position?: number;
  /** The 10-second buckets played since the last report (the retention curve). */
  playedBuckets?: number[];
}

/** The learner's progress on one module; a module never opened before may answer 404. */
export function useModuleProgress(moduleId: number) {
  return useQuery<ProgressDto | null>({
    queryKey: progressKey(moduleId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<ProgressDto>(`/api/progress/${moduleId}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function saveProgress(update: ProgressUpdate, options: { keepalive?: boolean } = {}): Promise<ProgressDto> {
  return api.post<ProgressDto>('/api/progress', update, options);
}

/**
 * What a watching report the player saved moves: the server's answer is the module's progress, so
 * it goes straight into the cache; the first completion also moves the course's steps and the
 * dashboard, which are read again.
 */
export function useProgressSaved(moduleId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (saved: ProgressDto) => {
      const before = queryClient.getQueryData<ProgressDto | null>(progressKey(moduleId));
      queryClient.setQueryData(progressKey(moduleId), saved);
      if (saved.isCompleted && !before?.isCompleted) void invalidatePaths(queryClient, [courseKey(courseId)[0], DASHBOARD_KEY[0]]);
    },
    [queryClient, moduleId, courseId],
  );
}

/** Mark as Complete: the full duration counts as watched (SPEC §4); the played seconds are sent as they are. */
export function useCompleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProgressUpdate) => saveProgress({ ...update, isCompleted: true }),
    onSuccess: (progress) => {
      queryClient.setQueryData(progressKey(progress.moduleId), progress);
      void invalidatePaths(queryClient, [courseKey(progress.courseId)[0], DASHBOARD_KEY[0], '/api/certificates']);
    },
  });
}
