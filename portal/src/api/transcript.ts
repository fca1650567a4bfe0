import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExternalCpdDto, ExternalCpdInput, TranscriptDto } from '@atrium/common';
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
