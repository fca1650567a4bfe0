import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetailDto, CourseSummaryDto, MessageDto, ModuleDto, PriceList } from '@atrium/common';
import { api } from './client.ts';
import { courseKey } from './courses.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

/** What the course form sends (price in integer pence). */
export interface CourseFields {
  /** Months a certificate stays current; null: never expires. */
  validityMonths?: number | null;
  title: string;
  description: string;
  price: number;
  thumbnail: string | null;
  salesVideoId: string | null;
  /** The whole price list (a currency left out is no longer offered). */
  prices?: PriceList;
  /** "Completion requires watching" (issue 36). */
  requiresWatching?: boolean;
  /** CPD value (issue 59); null or [] clears it. */
  cpdHours?: number | null;
  ceus?: number | null;
  cpdStandards?: string[];
}

/** What the module form sends; the server parses vimeoVideoId ("id" or "id/hash") itself. */
export interface ModuleFields {
  title: string;
  description: string;
  vimeoVideoId: string;
  duration: number;
}

function useCatalogueRefresh() {
  const queryClient = useQueryClient();
  // `/api/courses` covers every course's own page too.
  return () => invalidatePaths(queryClient, CHANGES.catalogue);
}

export function useSaveCourse() {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: CourseFields }) =>
      id === null ? api.post<CourseSummaryDto>('/api/courses', fields) : api.put<CourseSummaryDto>(`/api/courses/${id}`, fields),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageDto>(`/api/courses/${id}`),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: courseKey(id) });
      await refresh();
    },
  });
}

export function useSaveModule(courseId: number) {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: ({ id, fields, orderIndex }: { id: number | null; fields: ModuleFields; orderIndex?: number }) =>
      id === null ? api.post<ModuleDto>('/api/modules', { ...fields, courseId, orderIndex }) : api.put<ModuleDto>(`/api/modules/${id}`, fields),
    onSuccess: () => refresh(),
  });
}

export function useDeleteModule() {
  const refresh = useCatalogueRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageDto>(`/api/modules/${id}`),
    onSuccess: () => refresh(),
  });
}

/**
 * Move up / Move down: the new order shows at once and is sent as the full list of ids; a
 * failure puts the previous order back.
 */
export function useReorderModules(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = useCatalogueRefresh();
  return useMutation({
    // One at a time, in the order the moves were made, so the last move is the order that stays.
    scope: { id: `module-order-${courseId}` },
    mutationFn: (moduleIds: number[]) => api.put<ModuleDto[]>(`/api/courses/${courseId}/modules/order`, { moduleIds }),
    onMutate: async (moduleIds) => {
      await queryClient.cancelQueries({ queryKey: courseKey(courseId) });
      const previous = queryClient.getQueryData<CourseDetailDto>(courseKey(courseId));
      if (previous) {
        const byId = new Map(previous.modules.map((module) => [module.id, module]));
        const modules = moduleIds.flatMap((id, index) => {
          const module = byId.get(id);
          return module ? [{ ...module, orderIndex: index + 1 }] : [];
        });
        queryClient.setQueryData<CourseDetailDto>(courseKey(courseId), { ...previous, modules });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(courseKey(courseId), context.previous);
    },
    onSettled: () => refresh(),
  });
}
