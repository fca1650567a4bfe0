import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedDirectoryTokenDto,
  DirectoryEventDto,
  DirectoryKeyInput,
  DirectorySchoolDto,
  DirectoryTokenInput,
  DirectoryTokenDto,
  OneRosterPreviewDto,
  OneRosterResultDto,
} from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';

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
    onSuccess: () => invalidatePaths(queryClient, [`${root}/scim-tokens`]),
  });
}

export function useRevokeDirectoryToken(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => api.delete<void>(`${root}/scim-tokens/${tokenId}`),
    onSuccess: () => invalidatePaths(queryClient, [`${root}/scim-tokens`]),
  });
}

/** The bundle's files as the OneRoster routes read them: every file in the `files` field. */
function bundleForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/** OneRoster 1.2 CSV bundles (issue 56 item 4): what applying would do, nothing written. */
export function useOneRosterPreview(root: string) {
  return useMutation({ mutationFn: (files: File[]) => api.post<OneRosterPreviewDto>(`${root}/oneroster/preview`, bundleForm(files)) });
}

/** Applies the bundle; the sync log (and every list of people) is read again. */
export function useApplyOneRoster(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => api.post<OneRosterResultDto>(`${root}/oneroster`, bundleForm(files)),
    onSuccess: () => invalidatePaths(queryClient, [root]),
  });
}

/** A trust's schools and the key its directory names each by (`root`: `/api/trusts/:id` or its admin twin). */
export const useDirectorySchools = (root: string) => useQuery<DirectorySchoolDto[]>({ queryKey: [`${root}/directory-schools`] });

export function useSetDirectoryKey(root: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, ...input }: DirectoryKeyInput & { schoolId: number }) =>
      api.put<DirectorySchoolDto>(`${root}/directory-schools/${schoolId}`, input),
    onSuccess: () => invalidatePaths(queryClient, [`${root}/directory-schools`]),
  });
}
