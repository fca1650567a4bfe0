import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto, UserDto } from '@atrium/common';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';
import { USER_KEY } from './session.ts';

export interface ProfileUpdate {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  profileImageUrl?: string | null;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.patch<UserDto>('/api/user/profile', update),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_KEY, user);
      // Issued certificates print the name, which the server fills in with the update. Not awaited:
      // the name saved can close the form that asked for it, whose own onSuccess would then be dropped.
      void invalidatePaths(queryClient, ['/api/certificates']);
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('profileImage', file);
      return api.post<UserDto>('/api/user/upload-avatar', form);
    },
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
  });
}

/** POST /api/user/password: other devices are signed out; this one keeps a fresh session. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.post<MessageDto>('/api/user/password', input),
  });
}

/** GET /api/user/export: everything stored about the caller, as a JSON file (UK GDPR access). */
export function useExportMyData() {
  return useMutation({ mutationFn: () => api.download('/api/user/export') });
}

/** DELETE /api/user: erasure; the caller clears the session once it has left the page. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { password?: string | undefined; certificates: 'keep' | 'revoke' }) => api.delete<MessageDto>('/api/user', input),
  });
}
