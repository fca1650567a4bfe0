import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterPreviewDto, RosterResultDto } from '@atrium/common';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

/** Who is adding staff: the school's own manager, or an admin for any school. */
export type RosterScope = 'manager' | 'admin';

const rosterPath = (scope: RosterScope, schoolId: number) => (scope === 'admin' ? `/api/admin/schools/${schoolId}/roster` : `/api/schools/${schoolId}/roster`);

/** POST …/roster/preview: what the list would do, nothing written. */
export const useRosterPreview = (scope: RosterScope, schoolId: number) =>
  useMutation({ mutationFn: (csv: string) => api.post<RosterPreviewDto>(`${rosterPath(scope, schoolId)}/preview`, { csv }) });

/** POST …/roster: invites (and creates the groups it names when `createGroups`); the staff lists and groups shown elsewhere on the page are then stale. */
export function useRosterConfirm(scope: RosterScope, schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, createGroups }: { csv: string; createGroups: boolean }) =>
      api.post<RosterResultDto>(rosterPath(scope, schoolId), { csv, createGroups }),
    onSuccess: () => invalidatePaths(queryClient, scope === 'admin' ? CHANGES.adminRoster(schoolId) : CHANGES.school(schoolId)),
  });
}
