import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedInviteDto,
  InvitedPersonDto,
  InvitePreviewDto,
  JoinResultDto,
  MessageDto,
  MySchoolDto,
  SchoolDomainDto,
  SchoolDto,
  SchoolInviteDto,
  SchoolMembersDto,
  SubmissionSharingDto,
  VerifyEmailResultDto,
} from '@atrium/common';
import type { SchoolUpdate } from '@atrium/common';
import { api } from './client.ts';
import { DASHBOARD_KEY } from './courses.ts';
import { CHANGES, invalidatePaths } from './invalidate.ts';
import { USER_KEY } from './session.ts';

export const MY_SCHOOL_KEY = ['/api/schools/mine'] as const;
export const membersKey = (schoolId: number) => [`/api/schools/${schoolId}/members`] as const;
export const invitesKey = (schoolId: number) => [`/api/schools/${schoolId}/invites`] as const;
export const inviteKey = (token: string) => [`/api/invites/${encodeURIComponent(token)}`] as const;
/** `root` is `/api/schools/:id` for its managers, `/api/admin/schools/:id` for the admin. */
export const invitedKey = (root: string) => [`${root}/invited`] as const;

export const useMySchool = (enabled = true) => useQuery<MySchoolDto>({ queryKey: MY_SCHOOL_KEY, enabled });
export const useSchoolMembers = (schoolId: number) => useQuery<SchoolMembersDto>({ queryKey: membersKey(schoolId) });
export const useSchoolInvites = (schoolId: number) => useQuery<SchoolInviteDto[]>({ queryKey: invitesKey(schoolId) });
export const useInvited = (root: string) => useQuery<InvitedPersonDto[]>({ queryKey: invitedKey(root) });
export const useInvitePreview = (token: string) => useQuery<InvitePreviewDto>({ queryKey: inviteKey(token), enabled: token !== '' });

/** After joining or leaving, everything that depends on the caller's school is stale. */
function useRefreshSchool() {
  const queryClient = useQueryClient();
  return () => invalidatePaths(queryClient, [MY_SCHOOL_KEY[0], DASHBOARD_KEY[0], '/api/courses']);
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSchool();
  return useMutation({
    mutationFn: (token: string) => api.post<JoinResultDto>(`/api/invites/${encodeURIComponent(token)}/accept`),
    // Accepting an invitation mailed to the account's address also verifies that address.
    onSuccess: () => Promise.all([invalidatePaths(queryClient, [USER_KEY[0]]), refresh()]),
  });
}

export function useCreateSchool() {
  const refresh = useRefreshSchool();
  return useMutation({
    mutationFn: (input: { name: string; country?: string }) => api.post<SchoolDto>('/api/schools', input),
    onSuccess: () => refresh(),
  });
}

/** POST /api/verify-email (public): the token from the mailed link. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSchool();
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyEmailResultDto>('/api/verify-email', { token }),
    onSuccess: () => Promise.all([invalidatePaths(queryClient, [USER_KEY[0]]), refresh()]),
  });
}

/** POST /api/user/verify-email: mails a new verification link to the signed-in user. */
export function useSendVerification() {
  return useMutation({ mutationFn: () => api.post<MessageDto>('/api/user/verify-email') });
}

/**
 * A manager's change to their school. Members, invitations, domains and statuses show one
 * another's figures (a domain claim joins members, a removal changes the counts), so every read
 * beneath the school is refreshed.
 */
function useManagerMutation<V, R>(schoolId: number, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidatePaths(queryClient, CHANGES.school(schoolId)),
  });
}

export const useCreateInvite = (schoolId: number) =>
  useManagerMutation(schoolId, (input: { expiresInDays?: number; maxUses?: number }) => api.post<CreatedInviteDto>(`/api/schools/${schoolId}/invites`, input));

export const useRevokeInvite = (schoolId: number) =>
  useManagerMutation(schoolId, (inviteId: number) => api.delete<MessageDto>(`/api/schools/${schoolId}/invites/${inviteId}`));

export const useEmailInvites = (schoolId: number) =>
  useManagerMutation(schoolId, (emails: string[]) => api.post<MessageDto & { sent: number }>(`/api/schools/${schoolId}/invites/email`, { emails }));

export const useResendInvitation = (schoolId: number) =>
  useManagerMutation(schoolId, (inviteId: number) => api.post<MessageDto>(`/api/schools/${schoolId}/invites/${inviteId}/resend`));

export const useWithdrawInvitation = (schoolId: number) =>
  useManagerMutation(schoolId, (inviteId: number) => api.delete<MessageDto>(`/api/schools/${schoolId}/invites/${inviteId}`));

export const useAddDomain = (schoolId: number) =>
  useManagerMutation(schoolId, (domain: string) => api.post<SchoolDomainDto & { joinedMembers: number }>(`/api/schools/${schoolId}/domains`, { domain }));

/** "Check now": the server looks for the claim's TXT record; found, the claim is proven. */
export const useCheckDomain = (schoolId: number) =>
  useManagerMutation(schoolId, (domain: string) =>
    api.post<SchoolDomainDto & { joinedMembers: number }>(`/api/schools/${schoolId}/domains/${encodeURIComponent(domain)}/verify`),
  );

/** Requires (or, with null, stops requiring) the school's Google Workspace for Google sign-in at a proven domain. */
export const useSetGoogleWorkspace = (schoolId: number) =>
  useManagerMutation(schoolId, ({ domain, hd }: { domain: string; hd: string | null }) =>
    api.put<SchoolDomainDto>(`/api/schools/${schoolId}/domains/${encodeURIComponent(domain)}/google-workspace`, { hd }),
  );

export const useRemoveDomain = (schoolId: number) =>
  useManagerMutation(schoolId, (domain: string) => api.delete<MessageDto>(`/api/schools/${schoolId}/domains/${encodeURIComponent(domain)}`));

export const useRemoveMember = (schoolId: number) =>
  useManagerMutation(schoolId, (userId: number) => api.delete<MessageDto & { removed: boolean }>(`/api/schools/${schoolId}/members/${userId}`));

export const usePromoteManager = (schoolId: number) =>
  useManagerMutation(schoolId, (userId: number) => api.post<MessageDto>(`/api/schools/${schoolId}/managers`, { userId }));

/** Whether the school's managers may see what its staff send to assignments (issue 37). */
export const useSetSubmissionSharing = (schoolId: number) =>
  useManagerMutation(schoolId, (managersSeeSubmissions: boolean) =>
    api.patch<SubmissionSharingDto>(`/api/schools/${schoolId}/submission-sharing`, { managersSeeSubmissions }),
  );

export function useDownloadRegister(schoolId: number) {
  return useMutation({ mutationFn: () => api.download(`/api/schools/${schoolId}/register.xlsx`) });
}

/**
 * Renames a school or changes its country: `root` is `/api/schools/:id` for its manager,
 * `/api/admin/schools/:id` for an admin. Whatever shows the school is read again.
 */
export function useUpdateSchool(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SchoolUpdate) => api.patch<SchoolDto>(root, input),
    onSuccess: () => invalidatePaths(queryClient, [MY_SCHOOL_KEY[0], root, '/api/admin/schools']),
  });
}
