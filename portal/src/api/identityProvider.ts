import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityProviderAnswerDto, IdentityProviderDto, IdentityProviderInput } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

/** `root` is `/api/schools/:id` or `/api/trusts/:id` (its managers), or the same under /api/admin. */
export const identityProviderKey = (root: string) => [`${root}/identity-provider`] as const;

export const useIdentityProvider = (root: string) => useQuery<IdentityProviderAnswerDto>({ queryKey: identityProviderKey(root) });

/** Connecting, replacing or removing changes only what is read beneath the owner. */
export function useSaveIdentityProvider(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityProviderInput) => api.put<IdentityProviderDto>(`${root}/identity-provider`, input),
    onSuccess: () => invalidatePaths(queryClient, [root]),
  });
}

export function useRemoveIdentityProvider(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${root}/identity-provider`),
    onSuccess: () => invalidatePaths(queryClient, [root]),
  });
}
