import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccountDto, MessageDto } from '@atrium/common';
import { USER_KEY } from './session.ts';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

const ADMINS_ROOT = '/api/admin/admins';

export const useAdmins = () => useQuery<AdminAccountDto[]>({ queryKey: [ADMINS_ROOT] });

export function useGrantAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<AdminAccountDto>(ADMINS_ROOT, { email }),
    onSuccess: () => invalidatePaths(queryClient, [ADMINS_ROOT]),
  });
}

/** Removing one's own role changes what the signed-in user may see: the session is read again. */
export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageDto>(`${ADMINS_ROOT}/${id}`),
    onSuccess: () => invalidatePaths(queryClient, [ADMINS_ROOT, USER_KEY[0]]),
  });
}
