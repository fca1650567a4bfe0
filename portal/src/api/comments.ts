import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  DiscussionCommentDto,
  DiscussionOrder,
  DiscussionPageDto,
  DiscussionSettingsDto,
  DiscussionThreadDto,
  FollowThreadDto,
  MessageDto,
  ModerationQueueDto,
  ReportCommentInput,
  StaffCommentsPageDto,
  ThreadRepliesDto,
} from '@atrium/common';
import { api } from './client.ts';
import { invalidateMatching, invalidatePaths } from './invalidate.ts';

/** SPEC's flat list (GET /api/modules/:id/comments): kept for clients that read it; the portal reads the threads below. */
export const commentsKey = (moduleId: number) => [`/api/modules/${moduleId}/comments`] as const;
export const discussionKey = (moduleId: number) => [`/api/modules/${moduleId}/discussion`] as const;

/**
 * A module's threads, a page at a time ("Load more"), each page with its threads' replies; a
 * thread a link opened (`openThread`) comes first on the first page.
 */
export function useDiscussion(moduleId: number, order: DiscussionOrder, openThread: number | null = null) {
  return useInfiniteQuery({
    queryKey: [...discussionKey(moduleId), order, openThread],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ order });
      if (pageParam) search.set('cursor', pageParam);
      else if (openThread !== null) search.set('thread', String(openThread));
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
    // Its author follows it (the server's rule: whoever posts follows the thread).
    const thread = { ...posted, pinned: false, lastActivityAt: posted.createdAt, replies: [], replyCount: 0, earlierCursor: null, following: true };
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
          thread.id === posted.parentId
            ? { ...thread, lastActivityAt: posted.createdAt, replies: [...thread.replies, posted], replyCount: thread.replyCount + 1, following: true }
            : thread,
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
      void invalidatePaths(queryClient, [commentsKey(moduleId)[0]]);
    },
  });
}

/** One thread changed in place in every page already loaded (a thread may be on two: opened first, and in its place). */
const changeThread =
  (threadId: number, change: (thread: DiscussionThreadDto) => DiscussionThreadDto) =>
  (pages: Pages | undefined): Pages | undefined =>
    pages && {
      ...pages,
      pages: pages.pages.map((page) => ({ ...page, threads: page.threads.map((thread) => (thread.id === threadId ? change(thread) : thread)) })),
    };

/**
 * A thread's replies before those shown (a page carries its latest few): put above them in the
 * pages already loaded, so reading further back costs one request a press and nothing is read twice.
 */
export function useEarlierReplies(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, before }: { threadId: number; before: string }) =>
      api.get<ThreadRepliesDto>(`/api/modules/${moduleId}/comments/${threadId}/replies?${new URLSearchParams({ before })}`),
    onSuccess: (earlier, { threadId }) =>
      queryClient.setQueriesData<Pages>(
        { queryKey: discussionKey(moduleId) },
        changeThread(threadId, (thread) => {
          // The marked answer is on the page already, wherever it falls among the earlier ones.
          const fresh = earlier.replies.filter((reply) => !thread.replies.some((shown) => shown.id === reply.id));
          const [answer, rest] = thread.replies[0]?.answer ? [thread.replies.slice(0, 1), thread.replies.slice(1)] : [[], thread.replies];
          return { ...thread, replies: [...answer, ...fresh, ...rest], earlierCursor: earlier.earlierCursor };
        }),
      ),
  });
}

/** Follow a thread or stop following it; the pages already loaded change in place. */
export function useFollowThread(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, following }: { threadId: number; following: boolean }) =>
      api.put<FollowThreadDto>(`/api/modules/comments/${threadId}/follow`, { following }),
    onSuccess: (answer, { threadId }) =>
      queryClient.setQueriesData<Pages>(
        { queryKey: discussionKey(moduleId) },
        changeThread(threadId, (thread) => ({ ...thread, following: answer.following })),
      ),
  });
}

export function useDeleteComment(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<MessageDto>(`/api/modules/comments/${commentId}`),
    onSuccess: () => invalidatePaths(queryClient, [discussionKey(moduleId)[0], commentsKey(moduleId)[0]]),
  });
}

/** An admin marks (or unmarks) a reply as its thread's answer; the thread is read again to move it first. */
export function useMarkAnswer(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, answer }: { commentId: number; answer: boolean }) => api.put<MessageDto>(`/api/modules/comments/${commentId}/answer`, { answer }),
    onSuccess: () => invalidatePaths(queryClient, [discussionKey(moduleId)[0]]),
  });
}

/** An admin pins (or unpins) a thread to the top of the module's discussion. */
export function usePinThread(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, pinned }: { commentId: number; pinned: boolean }) => api.put<MessageDto>(`/api/modules/comments/${commentId}/pin`, { pinned }),
    onSuccess: () => invalidatePaths(queryClient, [discussionKey(moduleId)[0]]),
  });
}

/** Whether the caller's school shows next to their name: every discussion's pages show it afterwards. */
export function useSaveDiscussionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DiscussionSettingsDto) => api.put<DiscussionSettingsDto>('/api/discussion/settings', settings),
    onSuccess: () => invalidateMatching(queryClient, (path) => path.endsWith('/discussion')),
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

/** The admin's moderation queue: reported and held comments in their threads, those waiting longest first, a page at a time. */
export function useModerationQueue() {
  return useInfiniteQuery({
    queryKey: moderationKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<ModerationQueueDto>(`/api/admin/moderation${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModerationQueueDto) => last.nextCursor,
  });
}

const refreshModerated = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidateMatching(queryClient, (path) => path === moderationKey[0] || path.endsWith('/discussion'));

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

/** What a school's staff said in the discussions, newest first, a page at a time (its managers read; `root` is `/api/schools/:id`). */
export function useStaffComments(root: string) {
  return useInfiniteQuery({
    queryKey: [`${root}/comments`],
    queryFn: ({ pageParam, signal }) =>
      api.get<StaffCommentsPageDto>(`${root}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: StaffCommentsPageDto) => last.nextCursor,
  });
}
