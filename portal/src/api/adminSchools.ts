import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageSearch } from '@atrium/common/rules/pageSearch';
import type { AdminSchoolDetailDto, AdminSchoolDto, MessageDto } from '@atrium/common';
import { api } from './client.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';

const SCHOOLS_ROOT = '/api/admin/schools';
/** Enough for any agency's client list at a glance; the search narrows it on the server. */
export const SCHOOLS_PAGE_SIZE = 100;

export const adminSchoolKey = (id: number | string) => [`${SCHOOLS_ROOT}/${id}`] as const;

export function useAdminSchools(q: string) {
  return useQuery({
    queryKey: [SCHOOLS_ROOT, 'search', q],
    queryFn: ({ signal }) => api.getPage<AdminSchoolDto>(`${SCHOOLS_ROOT}?${pageSearch({ q, limit: SCHOOLS_PAGE_SIZE, offset: 0 })}`, { signal }),
  });
}

export const useAdminSchool = (id: number | string) => useQuery<AdminSchoolDetailDto>({ queryKey: adminSchoolKey(id) });

type LicenceChange = { kind: 'grant' | 'revoke' | 'restore'; courseId: number };

/** Grant, revoke or restore a school's licence; the answer is the school as it now is. */
export function useChangeLicence(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, courseId }: LicenceChange) =>
      kind === 'grant'
        ? api.post<AdminSchoolDetailDto>(`${SCHOOLS_ROOT}/${schoolId}/licences`, { courseId })
        : api.post<AdminSchoolDetailDto>(`${SCHOOLS_ROOT}/${schoolId}/licences/${courseId}/${kind}`),
    onSuccess: (school) => {
      queryClient.setQueryData(adminSchoolKey(schoolId), school);
      // The school's deadlines and statuses, counts in the list, and every member's enrollments
      // moved with the licence.
      return invalidatePaths(queryClient, CHANGES.licence(schoolId));
    },
  });
}

/** An admin lets a school without a licence send invitation mail, or takes that back. */
export function useInvitationApproval(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (approved: boolean) =>
      api.post<MessageDto & { invitesApprovedAt: string | null }>(`${SCHOOLS_ROOT}/${schoolId}/invitations-approval`, { approved }),
    onSuccess: () => invalidatePaths(queryClient, [adminSchoolKey(schoolId)[0]]),
  });
}
