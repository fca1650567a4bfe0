import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  DiscussionCommentDto,
  DiscussionOrder,
  DiscussionPageDto,
  DiscussionSettingsDto,
  MessageDto,
  ModerationQueueDto,
  ReportCommentInput,
} from '@atrium/common';
import { api } from './client.ts';

/** SPEC's flat list (GET /api/modules/:id/comments): kept for clients that read it; the portal reads the threads below. */
export const commentsKey = (moduleId: number) => [`/api/modules/${moduleId}/comments`] as const;
export const discussionKey = (moduleId: number) => [`/api/modules/${moduleId}/discussion`] as const;

/** A module's threads, a page at a time ("Load more"), each page with its threads' replies. */
export function useDiscussion(moduleId: number, order: DiscussionOrder) {
  return useInfiniteQuery({
    queryKey: [...discussionKey(moduleId), order],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ order });
      if (pageParam) search.set('cursor', pageParam);
      return api.get<DiscussionPageDto>(`/api/modules/${moduleId}/discussion?${search}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: DiscussionPageDto) => last.nextCursor,
  });
}

type Pages = InfiniteData<DiscussionPageDto, string | null>;

/** The posted comment or reply, put where it belongs in the pages already loaded: posting costs one request. */
function placePosted(pages: Pages | undefined, posted: DiscussionCommentDto): Pages | undefined {
  if (!pages) return pages;
  const bump = (page: DiscussionPageDto): DiscussionPageDto => ({ ...page, total: page.total + 1 });
  if (posted.parentId === null) {
    const thread = { ...posted, pinned: false, lastActivityAt: posted.createdAt, replies: [] };
    // Newest in either order, under the pinned thread if there is one.
    const first = (threads: DiscussionPageDto['threads']) => {
      const pinned = threads.filter((candidate) => candidate.pinned);
      return [...pinned, thread, ...threads.filter((candidate) => !candidate.pinned)];
    };
    return { ...pages, pages: pages.pages.map((page, i) => bump(i === 0 ? { ...page, threads: first(page.threads) } : page)) };
  }
  return {
    ...pages,
    pages: pages.pages.map((page) =>
      bump({
        ...page,
        threads: page.threads.map((thread) =>
          thread.id === posted.parentId ? { ...thread, lastActivityAt: posted.createdAt, replies: [...thread.replies, posted] } : thread,
        ),
      }),
    ),
  };
}

export function usePostComment(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { comment: string; parentId?: number }) => api.post<DiscussionCommentDto>(`/api/modules/${moduleId}/comments`, input),
    onSuccess: (posted) => {
      queryClient.setQueriesData<Pages>({ queryKey: discussionKey(moduleId) }, (pages) => placePosted(pages, posted));
      void queryClient.invalidateQueries({ queryKey: commentsKey(moduleId) });
    },
  });
}

export function useDeleteComment(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<MessageDto>(`/api/modules/comments/${commentId}`),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: discussionKey(moduleId) }), queryClient.invalidateQueries({ queryKey: commentsKey(moduleId) })]),
  });
}

/** An admin marks (or unmarks) a reply as its thread's answer; the thread is read again to move it first. */
export function useMarkAnswer(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, answer }: { commentId: number; answer: boolean }) => api.put<MessageDto>(`/api/modules/comments/${commentId}/answer`, { answer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKey(moduleId) }),
  });
}

/** An admin pins (or unpins) a thread to the top of the module's discussion. */
export function usePinThread(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, pinned }: { commentId: number; pinned: boolean }) => api.put<MessageDto>(`/api/modules/comments/${commentId}/pin`, { pinned }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionKey(moduleId) }),
  });
}

/** Whether the caller's school shows next to their name: every discussion's pages show it afterwards. */
export function useSaveDiscussionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DiscussionSettingsDto) => api.put<DiscussionSettingsDto>('/api/discussion/settings', settings),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('/discussion') }),
  });
}

/** Reports a comment to the moderators (once per person per comment). */
export function useReportComment() {
  return useMutation({
    mutationFn: ({ commentId, report }: { commentId: number; report: ReportCommentInput }) =>
      api.post<MessageDto>(`/api/modules/comments/${commentId}/report`, report),
  });
}

export const moderationKey = ['/api/admin/moderation'] as const;

/** The admin's moderation queue: reported and held comments in their threads. */
export function useModerationQueue() {
  return useQuery({ queryKey: moderationKey, queryFn: ({ signal }) => api.get<ModerationQueueDto>('/api/admin/moderation', { signal }) });
}

const refreshModerated = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === moderationKey[0] || String(query.queryKey[0]).endsWith('/discussion') });

/** Hides a comment (its author still sees it, with the reason). */
export function useHideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, reason }: { commentId: number; reason: string }) =>
      api.put<MessageDto>(`/api/admin/moderation/comments/${commentId}/hide`, { reason }),
    onSuccess: () => refreshModerated(queryClient),
  });
}

/** Restores a hidden comment, or approves a held one. */
export function useRestoreComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.put<MessageDto>(`/api/admin/moderation/comments/${commentId}/restore`, {}),
    onSuccess: () => refreshModerated(queryClient),
  });
}

/** Deletes a comment from the moderation queue (with replies it stays as "comment deleted"). */
export function useModerationDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<MessageDto>(`/api/modules/comments/${commentId}`),
    onSuccess: () => refreshModerated(queryClient),
  });
}
