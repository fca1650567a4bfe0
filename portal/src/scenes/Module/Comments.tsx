import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DiscussionCommentDto, DiscussionOrder, UserDto } from '@atrium/common';
import { commentSchema } from '@atrium/common/schemas/catalogue';
import { errorText } from '../../api/client.ts';
import {
  useDeleteComment,
  useDiscussion,
  useEarlierReplies,
  useFollowThread,
  useMarkAnswer,
  usePinThread,
  usePostComment,
  useReportComment,
  useRestoreComment,
  useSaveDiscussionSettings,
} from '../../api/comments.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { mapRead, readState } from '../../components/QueryState.tsx';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';
import { DiscussionView, type DiscussionState, type OpenReply } from './discussion/DiscussionView.tsx';
import { readDiscussionDraft, writeDiscussionDraft } from './discussion/discussionDraft.ts';
import { authorName } from './discussion/DiscussionComment.tsx';
import { ReportDialog } from './discussion/ReportDialog.tsx';

/** The module's community discussion (SPEC §2, §5, §8; issue 58): the container of DiscussionView. */
export function Comments({ moduleId, user }: { moduleId: number; user: UserDto }) {
  const [order, setOrder] = useState<DiscussionOrder>('newest');
  // A reply e-mail's or the bell's link names the thread to open: ?thread=<id>#comment-<id>.
  const [search] = useSearchParams();
  const opened = Number(search.get('thread')) || null;
  const discussion = useDiscussion(moduleId, order, opened);
  const follow = useFollowThread(moduleId);
  const earlier = useEarlierReplies(moduleId);
  const post = usePostComment(moduleId);
  const remove = useDeleteComment(moduleId);
  const settings = useSaveDiscussionSettings();
  const markAnswer = useMarkAnswer(moduleId);
  const pin = usePinThread(moduleId);
  const report = useReportComment();
  const restore = useRestoreComment();
  const [reporting, setReporting] = useState<DiscussionCommentDto | null>(null);
  const saidBack = (failure: string) => ({
    onSuccess: (result: { message: string }) => toast({ title: result.message, variant: 'success' as const }),
    onError: (error: Error) => toast({ title: failure, description: errorText(error, 'Please try again.'), variant: 'destructive' as const }),
  });
  const { toast } = useToast();
  const [saved] = useState(() => readDiscussionDraft(moduleId));
  const form = useForm({ comment: saved.comment, reply: saved.reply?.text ?? '' });
  const [replyTarget, setReplyTarget] = useState<Omit<OpenReply, 'text'> | null>(saved.reply ? { threadId: saved.reply.threadId, to: saved.reply.to } : null);
  const [pendingDelete, setPendingDelete] = useState<DiscussionCommentDto | null>(null);
  const { comment, reply } = form.values;
  const openReply: OpenReply | null = replyTarget ? { ...replyTarget, text: reply } : null;

  useEffect(
    () => writeDiscussionDraft(moduleId, { comment, reply: replyTarget ? { ...replyTarget, text: reply } : null }),
    [moduleId, comment, reply, replyTarget],
  );

  // SPEC §8 reports a comment's problems by toast, so the boxes show no error of their own.
  const refuse = (text: string) => (errors: { comment?: string }) => {
    const empty = text.trim() === '';
    toast({
      title: empty ? 'Comment cannot be empty' : 'Comment too long',
      description: empty ? 'Please write something before posting' : (errors.comment ?? ''),
      variant: 'destructive',
    });
  };

  const submitComment = form.handleSubmit(
    commentSchema,
    (parsed) =>
      post.mutate(
        { comment: parsed.comment },
        {
          onSuccess: (posted) => {
            form.setValues((current) => ({ ...current, comment: '' }));
            toast(
              posted.awaitingApproval
                ? { title: 'Comment sent for approval', description: 'A moderator will look at it before others can see it.', variant: 'success' }
                : { title: 'Comment posted!', variant: 'success' },
            );
          },
          onError: () => toast({ title: 'Failed to post comment', description: 'Please try again.', variant: 'destructive' }),
        },
      ),
    { toInput: (values) => ({ comment: values.comment }), onInvalid: refuse(comment) },
  );

  const submitReply = form.handleSubmit(
    commentSchema,
    (parsed) => {
      if (!replyTarget) return;
      post.mutate(
        { comment: parsed.comment, parentId: replyTarget.to.id },
        {
          onSuccess: (posted) => {
            setReplyTarget(null);
            form.setValues((current) => ({ ...current, reply: '' }));
            toast(
              posted.awaitingApproval
                ? { title: 'Reply sent for approval', description: 'A moderator will look at it before others can see it.', variant: 'success' }
                : { title: 'Reply posted!', variant: 'success' },
            );
          },
          onError: (error) => toast({ title: 'Failed to post reply', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
        },
      );
    },
    { toInput: (values) => ({ comment: values.reply }), onInvalid: refuse(reply) },
  );

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        setPendingDelete(null);
        toast({ title: 'Comment deleted', variant: 'success' });
      },
      onError: (error) => {
        setPendingDelete(null);
        toast({ title: 'Failed to delete comment', description: errorText(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  };

  const pages = discussion.data?.pages ?? [];
  // The opened thread is first on the first page; a later page may list it again in its place.
  const threads = pages.flatMap((page) => page.threads).filter((thread, index, all) => all.findIndex((other) => other.id === thread.id) === index);
  const openedThreadId = opened !== null && threads.some((thread) => thread.id === opened) ? opened : null;
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (openedThreadId === null || scrolledTo.current === openedThreadId) return;
    scrolledTo.current = openedThreadId;
    const target = document.getElementById(`comment-${openedThreadId}`);
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [openedThreadId]);
  const state: DiscussionState = mapRead(readState(discussion), () => ({
    threads,
    total: pages[0]?.total ?? 0,
    hasMore: Boolean(discussion.hasNextPage),
    loadingMore: discussion.isFetchingNextPage,
  }));

  return (
    <>
      <DiscussionView
        user={user}
        state={state}
        order={order}
        onOrderChange={setOrder}
        viewer={pages[0]?.viewer ?? null}
        onShowSchoolChange={(showSchool) =>
          settings.mutate(
            { showSchool },
            { onError: (error) => toast({ title: 'Could not save your choice', description: errorText(error, 'Please try again.'), variant: 'destructive' }) },
          )
        }
        draft={comment}
        onDraftChange={(text) => form.setValues((current) => ({ ...current, comment: text }))}
        onPost={submitComment}
        posting={post.isPending && post.variables?.parentId === undefined}
        reply={openReply}
        onReplyOpen={(threadId, to) => {
          if (replyTarget?.threadId !== threadId) form.setValues((current) => ({ ...current, reply: '' }));
          setReplyTarget({ threadId, to });
        }}
        onReplyChange={(text) => form.setValues((current) => ({ ...current, reply: text }))}
        onReplySubmit={submitReply}
        onReplyCancel={() => {
          setReplyTarget(null);
          form.setValues((current) => ({ ...current, reply: '' }));
        }}
        replying={post.isPending && post.variables?.parentId !== undefined}
        onDelete={setPendingDelete}
        onMarkAnswer={(comment, answer) => markAnswer.mutate({ commentId: comment.id, answer }, saidBack('Could not mark the answer'))}
        onPin={(thread, pinned) => pin.mutate({ commentId: thread.id, pinned }, saidBack('Could not pin the thread'))}
        onReport={setReporting}
        onRestore={(comment) => restore.mutate(comment.id, saidBack('Could not restore the comment'))}
        onFollow={(thread, following) =>
          follow.mutate(
            { threadId: thread.id, following },
            {
              onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
              onError: (error) => toast({ title: 'Could not change following', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
            },
          )
        }
        followBusyId={follow.isPending ? (follow.variables?.threadId ?? null) : null}
        onShowEarlier={(thread) => {
          if (!thread.earlierCursor) return;
          earlier.mutate(
            { threadId: thread.id, before: thread.earlierCursor },
            {
              onError: (error) =>
                toast({ title: 'Could not load the earlier replies', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
            },
          );
        }}
        earlierBusyId={earlier.isPending ? (earlier.variables?.threadId ?? null) : null}
        openedThreadId={openedThreadId}
        onLoadMore={() => void discussion.fetchNextPage()}
      />
      <ReportDialog
        key={reporting?.id ?? 'closed'}
        author={reporting ? authorName(reporting) : null}
        busy={report.isPending}
        onClose={() => setReporting(null)}
        onSubmit={(input) => {
          if (!reporting) return;
          report.mutate(
            { commentId: reporting.id, report: input },
            {
              onSuccess: (result) => {
                setReporting(null);
                toast({ title: 'Report sent', description: result.message, variant: 'success' });
              },
              onError: (error) => toast({ title: 'Could not send the report', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
            },
          );
        }}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this comment?"
        description={
          pendingDelete && pendingDelete.userId !== user.id
            ? 'This comment will be removed from the discussion for everyone. This cannot be undone.'
            : 'Your comment will be removed from the discussion. This cannot be undone.'
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
