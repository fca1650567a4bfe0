import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@atrium/common';
import { api } from './client.ts';
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
    onSuccess: (user) => queryClient.setQueryData(USER_KEY, user),
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
