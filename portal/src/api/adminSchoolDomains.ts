import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto } from '@atrium/common';
import { adminSchoolKey } from './adminSchools.ts';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

export type DomainClaimAction =
  { kind: 'approve'; domain: string } | { kind: 'remove'; domain: string } | { kind: 'move'; domain: string; toSchoolId: number; toSchoolName: string };

/** An admin approving, moving or removing one of a school's domain claims (/admin/schools/:id). */
export function useChangeDomainClaim(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DomainClaimAction) => {
      const path = `/api/admin/schools/${schoolId}/domains/${encodeURIComponent(action.domain)}`;
      if (action.kind === 'remove') return api.delete<MessageDto & { joinedMembers?: number }>(path);
      if (action.kind === 'approve') return api.post<MessageDto & { joinedMembers: number }>(`${path}/approve`);
      return api.post<MessageDto & { joinedMembers: number }>(`${path}/move`, { schoolId: action.toSchoolId });
    },
    // Member counts in the schools list move with approvals; a move changes both schools' pages.
    onSuccess: (_answer, action) =>
      invalidatePaths(queryClient, [
        adminSchoolKey(schoolId)[0],
        ...(action.kind === 'move' ? [adminSchoolKey(action.toSchoolId)[0]] : []),
        '/api/admin/schools',
      ]),
  });
}
