import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsDto } from '@atrium/common';
import { api } from './client.ts';

export const notificationsKey = ['/api/notifications'] as const;

/** Looked for again every minute while the page is open, and when the tab comes back. */
const POLL_MS = 60_000;

/** Replies to the signed-in person's comments (the header's bell). */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api.get<NotificationsDto>('/api/notifications', { signal }),
    refetchInterval: POLL_MS,
  });
}

/**
 * The bell was opened: what it lists is seen. The count goes at once; the open list keeps its
 * new replies marked until it is read again (the next look, a minute on or on the tab's return).
 */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationsDto>('/api/notifications/seen'),
    onSuccess: (answer) => queryClient.setQueryData<NotificationsDto>(notificationsKey, (shown) => (shown ? { ...shown, unread: answer.unread } : answer)),
  });
}
