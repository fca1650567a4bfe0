import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CpdHoursDto,
  CreatedTranscriptShareDto,
  ExternalCpdDto,
  ExternalCpdInput,
  PublicRecordDto,
  TranscriptDto,
  TranscriptSharingDto,
} from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

const TRANSCRIPT = '/api/transcript';

/** GET /api/transcript: the signed-in person's CPD record (issue 59). */
export const useTranscript = () => useQuery<TranscriptDto>({ queryKey: [TRANSCRIPT] });

/** POST /api/transcript/external: training done elsewhere, self-reported. */
export function useAddExternalCpd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExternalCpdInput) => api.post<ExternalCpdDto>(`${TRANSCRIPT}/external`, input),
    onSuccess: () => invalidatePaths(queryClient, [TRANSCRIPT]),
  });
}

/** DELETE /api/transcript/external/:id */
export function useDeleteExternalCpd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${TRANSCRIPT}/external/${id}`),
    onSuccess: () => invalidatePaths(queryClient, [TRANSCRIPT]),
  });
}

/** PUT /api/transcript/external/:id/evidence (multipart): attach or replace an entry's evidence file. */
export function useAttachEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.put<ExternalCpdDto>(`${TRANSCRIPT}/external/${id}/evidence`, form);
    },
    onSuccess: () => invalidatePaths(queryClient, [TRANSCRIPT]),
  });
}

/** DELETE /api/transcript/external/:id/evidence */
export function useRemoveEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${TRANSCRIPT}/external/${id}/evidence`),
    onSuccess: () => invalidatePaths(queryClient, [TRANSCRIPT]),
  });
}

const SHARING = `${TRANSCRIPT}/sharing`;

/** GET /api/transcript/sharing: the person's working links and their school. */
export const useTranscriptSharing = () => useQuery<TranscriptSharingDto>({ queryKey: [SHARING] });

/** POST /api/transcript/shares: a new link, shown only in this answer. */
export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.post<CreatedTranscriptShareDto>(`${TRANSCRIPT}/shares`, { label }),
    onSuccess: () => invalidatePaths(queryClient, [SHARING]),
  });
}

/** DELETE /api/transcript/shares/:id: the link stops at once. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${TRANSCRIPT}/shares/${id}`),
    onSuccess: () => invalidatePaths(queryClient, [SHARING]),
  });
}

/** PUT /api/transcript/schools/:id: whether the person's school sees their whole record. */
export function useShareWithSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, shared }: { schoolId: number; shared: boolean }) => api.put<void>(`${TRANSCRIPT}/schools/${schoolId}`, { shared }),
    onSuccess: () => invalidatePaths(queryClient, [SHARING]),
  });
}

/** GET /api/records/:token: a shared record, public. */
export const usePublicRecord = (token: string) => useQuery<PublicRecordDto>({ queryKey: [`/api/records/${token}`], retry: false });

export interface CpdHoursFilter {
  from: string;
  to: string;
  groupId: number | null;
  /** The trust's view: one of its schools. */
  schoolId?: number | null;
  /** One course's hours only. */
  courseId?: number | null;
}

/** GET <root>/cpd-hours: a school's (`/api/schools/:id`) or trust's (`/api/trusts/:id`) people's hours. */
export function useCpdHours(root: string, filter: CpdHoursFilter) {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.groupId) params.set('groupId', String(filter.groupId));
  if (filter.schoolId) params.set('schoolId', String(filter.schoolId));
  if (filter.courseId) params.set('courseId', String(filter.courseId));
  const query = params.toString();
  return useQuery<CpdHoursDto>({ queryKey: [`${root}/cpd-hours${query ? `?${query}` : ''}`], placeholderData: keepPreviousData });
}
