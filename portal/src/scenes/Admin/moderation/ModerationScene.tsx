import { useState } from 'react';
import type { DiscussionCommentDto, MessageDto } from '@atrium/common';
import { errorText } from '../../../api/client.ts';
import { useHideComment, useModerationDelete, useModerationQueue, useRestoreComment } from '../../../api/comments.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useToast } from '../../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { mapRead, readState } from '../../../components/QueryState.tsx';
import { ModerationView } from './ModerationView.tsx';

/** /admin/moderation: the container of ModerationView. */
export function ModerationScene() {
  usePageTitle('Moderation');
  const queue = useModerationQueue();
  const hide = useHideComment();
  const restore = useRestoreComment();
  const remove = useModerationDelete();
  const { toast } = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<DiscussionCommentDto | null>(null);

  const said = (failure: string) => ({
    onSuccess: (result: MessageDto) => toast({ title: result.message, variant: 'success' as const }),
    onError: (error: Error) => toast({ title: failure, description: errorText(error, 'Please try again.'), variant: 'destructive' as const }),
    onSettled: () => setBusyId(null),
  });

  const read = mapRead(readState(queue), (data) => ({
    // A page read again after an action may repeat the first of the next one: each comment once.
    items: data.pages.flatMap((page) => page.items).filter((item, index, all) => all.findIndex((other) => other.commentId === item.commentId) === index),
    hasMore: Boolean(queue.hasNextPage),
    loadingMore: queue.isFetchingNextPage,
  }));

  return (
    <>
      <ModerationView
        queue={read}
        busyId={busyId}
        onHide={(comment, reason) => {
          setBusyId(comment.id);
          hide.mutate({ commentId: comment.id, reason }, said('Could not hide the comment'));
        }}
        onRestore={(comment) => {
          setBusyId(comment.id);
          restore.mutate(comment.id, said('Could not restore the comment'));
        }}
        onDelete={setPendingDelete}
        onLoadMore={() => void queue.fetchNextPage()}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete this comment?"
        description="It will be removed for everyone; an opening comment with replies stays as “Comment deleted”. This cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (!pendingDelete) return;
          const comment = pendingDelete;
          setBusyId(comment.id);
          remove.mutate(comment.id, {
            ...said('Could not delete the comment'),
            onSuccess: () => {
              setPendingDelete(null);
              toast({ title: 'Comment deleted', variant: 'success' });
            },
          });
        }}
      />
    </>
  );
}
