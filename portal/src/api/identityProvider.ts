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

/** "Staff must sign in with the provider": on only once a test sign-in has passed (409 otherwise). */
export function useRequireIdentityProvider(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api.put<IdentityProviderDto>(`${root}/identity-provider/required`, { required }),
    // The answer is the connection as it now is: shown at once, so the checkbox never springs back while the page reads again.
    onSuccess: (provider) => {
      queryClient.setQueryData<IdentityProviderAnswerDto>(identityProviderKey(root), { provider });
      return invalidatePaths(queryClient, [root]);
    },
  });
}

/** Where "Test sign-in" goes: the provider, for a sign-in that signs nobody in, then back to `returnTo`. */
export const identityProviderTestUrl = (root: string, returnTo: string) => `${root}/identity-provider/test?returnTo=${encodeURIComponent(returnTo)}`;

export function useRemoveIdentityProvider(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${root}/identity-provider`),
    onSuccess: () => invalidatePaths(queryClient, [root]),
  });
}
