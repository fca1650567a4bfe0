import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedDirectoryTokenDto, DirectoryEventDto, DirectoryTokenInput, DirectoryTokenDto } from '@atrium/common';
import { api } from './client.ts';

/**
 * Directory sync (issue 56): the tokens a school's or trust's directory uses, and its sync log.
 * `root` is the owner's API root: `/api/schools/:id` or `/api/trusts/:id`.
 */
export const useDirectoryTokens = (root: string) => useQuery<DirectoryTokenDto[]>({ queryKey: [`${root}/scim-tokens`] });

export const useDirectoryLog = (root: string) => useQuery<DirectoryEventDto[]>({ queryKey: [`${root}/directory-log`] });

export function useCreateDirectoryToken(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DirectoryTokenInput) => api.post<CreatedDirectoryTokenDto>(`${root}/scim-tokens`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [`${root}/scim-tokens`] }),
  });
}

export function useRevokeDirectoryToken(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => api.delete<void>(`${root}/scim-tokens/${tokenId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [`${root}/scim-tokens`] }),
  });
}
