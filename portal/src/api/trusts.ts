import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageSearch } from '@atrium/common/rules/pageSearch';
import type {
  AdminTrustDetailDto,
  MessageDto,
  MyTrustDto,
  TrainingStatus,
  TrustDto,
  TrustInvitationDto,
  TrustInvitePreviewDto,
  TrustManagerDto,
  TrustOverviewDto,
  TrustStatusRowDto,
  DeadlineInput,
  TrustDeadlinesDto,
  MemberMoveDto,
} from '@atrium/common';
import { api, type Page } from './client.ts';
import { CHANGES, coversPath, invalidateMatching, invalidatePaths } from './invalidate.ts';

// The trust manager's /trust and the admin's Trusts panel. Keys start with the path they read.

export const MY_TRUST_KEY = ['/api/trusts/mine'] as const;
export const ADMIN_TRUSTS_KEY = ['/api/admin/trusts'] as const;
export const adminTrustKey = (id: number) => [`/api/admin/trusts/${id}`] as const;
export const trustOverviewKey = (id: number, courseId: number | null, groupId: number | null = null) =>
  [`/api/trusts/${id}/overview`, { courseId, groupId }] as const;
export const TRUST_PAGE_SIZE = 25;

export const useMyTrust = () => useQuery<MyTrustDto>({ queryKey: MY_TRUST_KEY });

/** The trust's counts per school, of one course and/or one group's members when chosen (as the list below them). */
export function useTrustOverview(trustId: number, courseId: number | null, groupId: number | null = null) {
  const search = [courseId ? `courseId=${courseId}` : null, groupId ? `groupId=${groupId}` : null].filter(Boolean).join('&');
  return useQuery<TrustOverviewDto>({
    queryKey: trustOverviewKey(trustId, courseId, groupId),
    queryFn: ({ signal }) => api.get<TrustOverviewDto>(`/api/trusts/${trustId}/overview${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface TrustFilter {
  schoolId: number | null;
  courseId: number | null;
  /** Only this group's members (the trust's own or one of its schools'). */
  groupId?: number | null;
  status: TrainingStatus | null;
  page: number;
}

export function useTrustStatuses(trustId: number, filter: TrustFilter) {
  const search = [
    filter.schoolId ? `schoolId=${filter.schoolId}` : null,
    filter.courseId ? `courseId=${filter.courseId}` : null,
    filter.groupId ? `groupId=${filter.groupId}` : null,
    filter.status ? `status=${filter.status}` : null,
    pageSearch({ limit: TRUST_PAGE_SIZE, offset: filter.page * TRUST_PAGE_SIZE }),
  ]
    .filter(Boolean)
    .join('&');
  return useQuery<Page<TrustStatusRowDto>>({
    queryKey: [`/api/trusts/${trustId}/statuses`, filter],
    queryFn: ({ signal }) => api.getPage<TrustStatusRowDto>(`/api/trusts/${trustId}/statuses?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useTrustManagers = (trustId: number) =>
  useQuery<{ managers: TrustManagerDto[]; invitations: TrustInvitationDto[] }>({ queryKey: [`/api/trusts/${trustId}/managers`] });

export function useDownloadTrustRegister(trustId: number) {
  return useMutation({ mutationFn: () => api.download(`/api/trusts/${trustId}/register.xlsx`) });
}

/** Who sets a trust's deadlines: its own managers (/trust) or the agency's admins (the Trusts panel), each through their routes. */
export type TrustDeadlineViewer = 'manager' | 'admin';

const trustDeadlinesPath = (trustId: number, viewer: TrustDeadlineViewer) =>
  viewer === 'admin' ? `/api/admin/trusts/${trustId}/deadlines` : `/api/trusts/${trustId}/deadlines`;

export const trustDeadlinesKey = (trustId: number, viewer: TrustDeadlineViewer = 'manager') => [trustDeadlinesPath(trustId, viewer)] as const;

export const useTrustDeadlines = (trustId: number, viewer: TrustDeadlineViewer = 'manager') =>
  useQuery<TrustDeadlinesDto>({ queryKey: trustDeadlinesKey(trustId, viewer) });

/**
 * A trust's deadline changes every school's statuses: everything read beneath the trust is read
 * again (by its managers and by the admins), and a school's page or the person's own training
 * when they also manage or learn in one.
 */
function useTrustDeadlineMutation<V>(trustId: number, viewer: TrustDeadlineViewer, call: (variables: V) => Promise<TrustDeadlinesDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(trustDeadlinesKey(trustId, viewer), answer);
      return invalidatePaths(queryClient, [...CHANGES.trust(trustId), `/api/admin/trusts/${trustId}`, '/api/schools', '/api/user/training']);
    },
  });
}

export const useSetTrustDeadline = (trustId: number, viewer: TrustDeadlineViewer = 'manager') =>
  useTrustDeadlineMutation(trustId, viewer, ({ courseId, input }: { courseId: number; input: DeadlineInput }) =>
    api.put<TrustDeadlinesDto>(`${trustDeadlinesPath(trustId, viewer)}/${courseId}`, input),
  );

export const useClearTrustDeadline = (trustId: number, viewer: TrustDeadlineViewer = 'manager') =>
  useTrustDeadlineMutation(trustId, viewer, (courseId: number) => api.delete<TrustDeadlinesDto>(`${trustDeadlinesPath(trustId, viewer)}/${courseId}`));

/** A trust manager moves a member to another of the trust's schools: every list of the trust and both schools changes. */
export function useMoveTrustMember(trustId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, schoolId }: { userId: number; schoolId: number }) =>
      api.post<MemberMoveDto>(`/api/trusts/${trustId}/members/${userId}/move`, { schoolId }),
    onSuccess: () => invalidatePaths(queryClient, [...CHANGES.trust(trustId), '/api/schools']),
  });
}

/** A trust manager invites a colleague to manage the trust with them. */
export function useInviteTrustColleague(trustId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<MessageDto>(`/api/trusts/${trustId}/invitations`, { email }),
    onSuccess: () => invalidatePaths(queryClient, CHANGES.trust(trustId)),
  });
}

export const useTrustInvitePreview = (token: string) =>
  useQuery<TrustInvitePreviewDto>({ queryKey: [`/api/trusts/invites/${token}`], enabled: token.length > 0, retry: false });

export function useAcceptTrustInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyTrustDto>(`/api/trusts/invites/${token}/accept`),
    onSuccess: (mine) => {
      queryClient.setQueryData(MY_TRUST_KEY, mine);
      // Everything under /api/trusts but this invitation's own preview: read again, it would say
      // "used" under the button just pressed, before the trust opens.
      const preview = `/api/trusts/invites/${token}`;
      return invalidateMatching(queryClient, (path) => coversPath([path], '/api/trusts') && !coversPath([path], preview));
    },
  });
}

// The admin's side.

export const useAdminTrusts = () => useQuery<TrustDto[]>({ queryKey: ADMIN_TRUSTS_KEY });
export const useAdminTrust = (id: number | null) => useQuery<AdminTrustDetailDto>({ queryKey: adminTrustKey(id ?? 0), enabled: id !== null });

export type TrustChange =
  | { kind: 'attach'; schoolId: number }
  | { kind: 'createSchool'; name: string; country: string }
  | { kind: 'detach'; schoolId: number }
  | { kind: 'invite'; email: string }
  | { kind: 'withdraw'; inviteId: number }
  | { kind: 'removeManager'; userId: number }
  | { kind: 'grantLicence' | 'revokeLicence' | 'restoreLicence'; courseId: number };

/** Every admin change to a trust answers with the trust as it now is. */
export function useChangeTrust(trustId: number) {
  const queryClient = useQueryClient();
  const root = `/api/admin/trusts/${trustId}`;
  return useMutation({
    mutationFn: (change: TrustChange) => {
      switch (change.kind) {
        case 'attach':
          return api.post<AdminTrustDetailDto>(`${root}/schools`, { schoolId: change.schoolId });
        case 'createSchool':
          return api.post<AdminTrustDetailDto>(`${root}/schools/new`, { name: change.name, country: change.country });
        case 'detach':
          return api.delete<AdminTrustDetailDto>(`${root}/schools/${change.schoolId}`);
        case 'invite':
          return api.post<AdminTrustDetailDto>(`${root}/invitations`, { email: change.email });
        case 'withdraw':
          return api.delete<AdminTrustDetailDto>(`${root}/invitations/${change.inviteId}`);
        case 'removeManager':
          return api.delete<AdminTrustDetailDto>(`${root}/managers/${change.userId}`);
        case 'grantLicence':
          return api.post<AdminTrustDetailDto>(`${root}/licences`, { courseId: change.courseId });
        case 'revokeLicence':
          return api.post<AdminTrustDetailDto>(`${root}/licences/${change.courseId}/revoke`);
        case 'restoreLicence':
          return api.post<AdminTrustDetailDto>(`${root}/licences/${change.courseId}/restore`);
      }
    },
    onSuccess: (trust) => {
      queryClient.setQueryData(adminTrustKey(trustId), trust);
      return invalidatePaths(queryClient, CHANGES.adminTrust(trustId));
    },
  });
}

export function useCreateTrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<AdminTrustDetailDto>('/api/admin/trusts', { name }),
    onSuccess: (trust) => {
      queryClient.setQueryData(adminTrustKey(trust.id), trust);
      return invalidatePaths(queryClient, ['/api/admin/trusts']);
    },
  });
}
