import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentDto, MessageDto } from '@atrium/common';
import { api } from './client.ts';

export const commentsKey = (moduleId: number) => [`/api/modules/${moduleId}/comments`] as const;

export const useComments = (moduleId: number, enabled = true) => useQuery<CommentDto[]>({ queryKey: commentsKey(moduleId), enabled });

export function usePostComment(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => api.post<CommentDto>(`/api/modules/${moduleId}/comments`, { comment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(moduleId) }),
  });
}

export function useDeleteComment(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<MessageDto>(`/api/modules/comments/${commentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(moduleId) }),
  });
}
