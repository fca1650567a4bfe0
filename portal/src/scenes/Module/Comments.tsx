import { useState } from 'react';
import { Form } from '../../components/Form.tsx';
import styled from 'styled-components';
import type { CommentDto, UserDto } from '@atrium/common';
import { COMMENT_MAX, commentSchema } from '@atrium/common/schemas/catalogue';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { errorText } from '../../api/client.ts';
import { useComments, useDeleteComment, usePostComment } from '../../api/comments.ts';
import { Avatar, displayName } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { CharacterCount } from '../../components/CharacterCount.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextAreaField } from '../../components/Field.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Skeleton } from '../../components/Loading.tsx';
import { formatRelativeTime } from '@atrium/common/rules/dates';
import { useToast } from '../../components/toast/Toaster.tsx';
import { useForm } from '../../components/useForm.ts';

/** The module's community discussion (SPEC §2, §5, §8). */
export function Comments({ moduleId, user }: { moduleId: number; user: UserDto }) {
  const comments = useComments(moduleId);
  const post = usePostComment(moduleId);
  const remove = useDeleteComment(moduleId);
  const { toast } = useToast();
  const form = useForm({ comment: '' });
  const comment = form.field('comment');
  const [pendingDelete, setPendingDelete] = useState<CommentDto | null>(null);

  // SPEC §8 reports a comment's problems by toast, so the field shows no error of its own.
  const submit = form.handleSubmit(
    commentSchema,
    (parsed) =>
      post.mutate(parsed.comment, {
        onSuccess: () => {
          form.reset();
          toast({ title: 'Comment posted!', variant: 'success' });
        },
        onError: () => toast({ title: 'Failed to post comment', description: 'Please try again.', variant: 'destructive' }),
      }),
    {
      onInvalid: (errors) => {
        const empty = form.values.comment.trim() === '';
        toast({
          title: empty ? 'Comment cannot be empty' : 'Comment too long',
          description: empty ? 'Please write something before posting' : (errors.comment ?? ''),
          variant: 'destructive',
        });
      },
    },
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

  const count = comments.data?.length ?? 0;

  return (
    <Section aria-labelledby="comments-title">
      <h2 id="comments-title">Community discussion {comments.data ? <Count>({count})</Count> : null}</h2>

      <PostForm onSubmit={submit} aria-label="Post a comment">
        <Avatar person={user} src={user.profileImageUrl} size={40} decorative />
        <Compose>
          <TextAreaField
            label="Add a comment"
            placeholder="Share a tip or ask a question about this module…"
            rows={3}
            hint={<CharacterCount value={comment.value} max={COMMENT_MAX} />}
            name={comment.name}
            value={comment.value}
            onChange={comment.onChange}
          />
          <Button type="submit" disabled={comment.value.trim() === '' || post.isPending}>
            {post.isPending ? 'Posting…' : 'Post Comment'}
          </Button>
        </Compose>
      </PostForm>

      {comments.isPending ? (
        <div aria-busy="true" aria-label="Loading comments">
          <Skeleton $height="4rem" />
        </div>
      ) : comments.isError ? (
        <Problem role="alert">
          The comments could not be loaded ({errorText(comments.error, 'please try again')}).{' '}
          <Button variant="ghost" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </Problem>
      ) : count === 0 ? (
        <Empty>No comments yet. Be the first to start the discussion.</Empty>
      ) : (
        <List>
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              own={comment.userId === user.id}
              // The server decides (authors and admins, CONTRACT.md) and sends the answer.
              canDelete={comment.can.delete}
              onDelete={() => setPendingDelete(comment)}
            />
          ))}
        </List>
      )}

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
    </Section>
  );
}

function CommentItem({ comment, own, canDelete, onDelete }: { comment: CommentDto; own: boolean; canDelete: boolean; onDelete(): void }) {
  const author = { firstName: comment.userFirstName, lastName: comment.userLastName, email: comment.userEmail ?? null };
  const name = comment.userFirstName || comment.userLastName ? displayName(author) : 'Learner';
  return (
    <Item>
      <Avatar person={author} src={comment.userProfileImageUrl} size={40} decorative />
      <div>
        <Meta>
          <strong>{name}</strong>
          {own ? <You>You</You> : null}
          {/* userEmail is sent to admins only: it lets them tell who wrote what. */}
          {comment.userEmail && !own ? <CommenterEmail>{comment.userEmail}</CommenterEmail> : null}
          <time dateTime={comment.createdAt} title={formatInstantDate(comment.createdAt)}>
            {formatRelativeTime(comment.createdAt)}
          </time>
        </Meta>
        <Text>{comment.comment}</Text>
      </div>
      {canDelete ? <IconButton icon="trash" label={own ? 'Delete your comment' : `Delete comment by ${name}`} variant="danger" onClick={onDelete} /> : null}
    </Item>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
`;

const PostForm = styled(Form)`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-start;
`;

const Compose = styled.div`
  display: grid;
  flex: 1;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  button {
    justify-self: end;
  }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};

  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const You = styled.span`
  padding: 0 0.4rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentHover};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
`;

const CommenterEmail = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
