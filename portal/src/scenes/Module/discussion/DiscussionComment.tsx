import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import type { DiscussionCommentDto } from '@atrium/common';
import { COMMENT_MAX } from '@atrium/common/schemas/catalogue';
import { formatInstantDate, formatRelativeTime } from '@atrium/common/rules/dates';
import { Avatar, displayName } from '../../../components/Avatar.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { TextAreaField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { IconButton } from '../../../components/IconButton.tsx';
import { authorName } from '../../../components/discussion/authorName.ts';
import { LinkedText } from '../../../components/discussion/LinkedText.tsx';

export { authorName };

export interface DiscussionCommentProps {
  comment: DiscussionCommentDto;
  ownId: number;
  /** Shown on a thread's opening comment. */
  pinned?: boolean;
  onReply(): void;
  onDelete(): void;
  onMarkAnswer(answer: boolean): void;
  onPin(pinned: boolean): void;
  /** Report it to the moderators (shown when the server says the reader may). */
  onReport?(): void;
  /** Show a hidden comment again (moderators, from the thread). */
  onRestore?(): void;
  /** On a thread's opening comment: whether the reader follows it, and the way to change that. */
  follow?: { following: boolean; busy: boolean; onChange(following: boolean): void };
  /** The thread a link opened: marked, and the target of the page's `#comment-<id>`. */
  opened?: boolean;
  /** The replies and reply box under an opening comment. */
  children?: ReactNode;
  className?: string;
}

/** One comment or reply: who wrote it and when, what they said, and what the reader may do with it. */
export function DiscussionComment({
  comment,
  ownId,
  pinned = false,
  onReply,
  onDelete,
  onMarkAnswer,
  onPin,
  onReport,
  onRestore,
  follow,
  opened = false,
  children,
  className,
}: DiscussionCommentProps) {
  const anchor = { id: `comment-${comment.id}`, className, $opened: opened, tabIndex: opened ? -1 : undefined };
  if (comment.deleted) {
    return (
      <Item {...anchor}>
        <Deleted>Comment deleted</Deleted>
        {children}
      </Item>
    );
  }
  const own = comment.userId === ownId;
  const name = authorName(comment);
  const author = { firstName: comment.userFirstName, lastName: comment.userLastName, email: comment.userEmail ?? null };
  const answering = comment.replyTo ? displayName({ firstName: comment.replyTo.firstName, lastName: comment.replyTo.lastName }) : null;
  const followButton = follow ? (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={follow.following}
      disabled={follow.busy}
      onClick={() => follow.onChange(!follow.following)}
      title={follow.following ? 'You are e-mailed when someone replies. Press to stop.' : 'Get an e-mail when someone replies'}
    >
      {follow.following ? 'Following' : 'Follow'}
    </Button>
  ) : null;
  return (
    <Item {...anchor}>
      <Card>
        <Avatar person={author} src={comment.userProfileImageUrl} size={comment.parentId === null ? 40 : 32} decorative />
        <Body>
          <Meta>
            <strong>{name}</strong>
            {pinned ? <Badge $tone="warning">Pinned</Badge> : null}
            {comment.answer ? <Badge $tone="success">Answer</Badge> : null}
            {comment.instructor ? <Badge>Instructor</Badge> : null}
            {own ? <Badge $tone="neutral">You</Badge> : null}
            {comment.hidden ? <Badge $tone="danger">Hidden</Badge> : null}
            {comment.awaitingApproval ? <Badge $tone="warning">Awaiting approval</Badge> : null}
            {comment.school ? <Muted>{comment.school}</Muted> : null}
            {/* userEmail is sent to admins only: it lets them tell who wrote what. */}
            {comment.userEmail && !own ? <Muted $wrap>{comment.userEmail}</Muted> : null}
            <time dateTime={comment.createdAt} title={formatInstantDate(comment.createdAt)}>
              {formatRelativeTime(comment.createdAt)}
            </time>
          </Meta>
          {answering ? <Answering>Replying to {answering}</Answering> : null}
          <Text>
            <LinkedText text={comment.comment} />
          </Text>
          {comment.hidden ? (
            <ModerationNote>
              {own ? 'A moderator hid this comment: only you and the moderators can see it.' : 'Hidden by a moderator.'}
              {comment.hiddenReason ? ` Reason: ${comment.hiddenReason}` : ''}
            </ModerationNote>
          ) : null}
          {comment.awaitingApproval ? <ModerationNote>Waiting for a moderator’s approval before others can see it.</ModerationNote> : null}
          {followButton ||
          comment.can.reply ||
          comment.can.markAnswer ||
          comment.can.pin ||
          (comment.can.report && onReport) ||
          (comment.hidden && comment.can.hide && onRestore) ? (
            <Actions>
              {comment.can.reply ? (
                <Button variant="ghost" size="sm" onClick={onReply} aria-label={`Reply to ${own ? 'your comment' : name}`}>
                  Reply
                </Button>
              ) : null}
              {comment.can.markAnswer ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onMarkAnswer(!comment.answer)}
                  aria-label={`${comment.answer ? 'Unmark answer' : 'Mark as answer'}: the reply by ${name}`}
                >
                  {comment.answer ? 'Unmark answer' : 'Mark as answer'}
                </Button>
              ) : null}
              {comment.can.pin ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onPin(!pinned)}
                  aria-label={`${pinned ? 'Unpin' : 'Pin thread'}: the thread started by ${name}`}
                >
                  {pinned ? 'Unpin' : 'Pin thread'}
                </Button>
              ) : null}
              {comment.hidden && comment.can.hide && onRestore ? (
                <Button variant="ghost" size="sm" onClick={onRestore} aria-label={`Restore the comment by ${name}`}>
                  Restore
                </Button>
              ) : null}
              {comment.can.report && onReport ? (
                <Button variant="ghost" size="sm" onClick={onReport} aria-label={`Report the comment by ${name}`}>
                  Report
                </Button>
              ) : null}
              {followButton}
            </Actions>
          ) : null}
        </Body>
        {comment.can.delete ? (
          <IconButton icon="trash" label={own ? 'Delete your comment' : `Delete comment by ${name}`} variant="danger" onClick={onDelete} />
        ) : null}
      </Card>
      {children}
    </Item>
  );
}

export interface ReplyBoxProps {
  /** Whom the reply answers, for its label. */
  to: string;
  value: string;
  busy: boolean;
  onChange(value: string): void;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
}

/** The inline reply box under a thread. */
export function ReplyBox({ to, value, busy, onChange, onSubmit, onCancel }: ReplyBoxProps) {
  return (
    <ReplyForm onSubmit={onSubmit} aria-label={`Your reply to ${to}`}>
      <TextAreaField
        label={`Reply to ${to}`}
        rows={2}
        autoFocus
        hint={<CharacterCount value={value} max={COMMENT_MAX} />}
        name="reply"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <ReplyActions>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={value.trim() === '' || busy}>
          {busy ? 'Posting…' : 'Post reply'}
        </Button>
      </ReplyActions>
    </ReplyForm>
  );
}

const Item = styled.li<{ $opened: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  /* Clear of the module's sticky bar when a link scrolls the thread into view. */
  scroll-margin-top: 6rem;
  ${({ $opened, theme }) => ($opened ? `box-shadow: 0 0 0 2px ${theme.colors.accent};` : '')}

  &:focus {
    outline: none;
  }
`;

const Card = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
`;

const Body = styled.div`
  min-width: 0;
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

const Muted = styled.span<{ $wrap?: boolean }>`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: ${({ $wrap }) => ($wrap ? 'anywhere' : 'normal')};
`;

const Answering = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  margin-top: ${({ theme }) => theme.space.xxs};
  margin-left: -${({ theme }) => theme.space.sm};
`;

const ModerationNote = styled.p`
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Deleted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

const ReplyForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const ReplyActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;
