import { useState } from 'react';
import styled from 'styled-components';
import type { DiscussionCommentDto, ModerationItemDto } from '@atrium/common';
import { formatInstantDate, formatRelativeTime } from '@atrium/common/rules/dates';
import { Badge } from '../../../components/Badge.tsx';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Container, PageHeading } from '../../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { EmptyText, Panel, PanelHeader } from '../../../components/Panel.ts';
import { authorName } from '../../../components/discussion/authorName.ts';
import { LinkedText } from '../../../components/discussion/LinkedText.tsx';

/** The queue read so far: its comments, whether there is a next page, and whether it is being read. */
export interface ModerationQueue {
  items: ModerationItemDto[];
  hasMore: boolean;
  loadingMore: boolean;
}

export interface ModerationViewProps {
  /** The queue (QueryState): loading, failed with the server's sentence and Try again, or read. */
  queue: ReadState<ModerationQueue>;
  /** The comment an action is running on, if any. */
  busyId: number | null;
  onHide(comment: DiscussionCommentDto, reason: string): void;
  onRestore(comment: DiscussionCommentDto): void;
  onDelete(comment: DiscussionCommentDto): void;
  /** The next page of the queue. */
  onLoadMore(): void;
}

const REASONS = { spam: 'Spam', offensive: 'Offensive', other: 'Other' } as const;

/** /admin/moderation: reported and held comments, each in its thread, with hide, restore (or approve) and delete. */
export function ModerationView({ queue, busyId, onHide, onRestore, onDelete, onLoadMore }: ModerationViewProps) {
  return (
    <Container>
      <PageHeading title="Moderation" lead="Reported comments and comments waiting for approval, each shown in its thread, those waiting longest first." />
      <QueryState read={queue} size="panel" loading="Loading the moderation queue" failed="The moderation queue could not be loaded.">
        {({ items, hasMore, loadingMore }) => (
          <>
            {items.length === 0 ? (
              <Panel>
                <EmptyText>Nothing to moderate: no open reports and no comments waiting for approval.</EmptyText>
              </Panel>
            ) : (
              <Queue aria-label="Comments to moderate">
                {items.map((item) => (
                  <QueueItem key={item.commentId} item={item} busy={busyId === item.commentId} onHide={onHide} onRestore={onRestore} onDelete={onDelete} />
                ))}
              </Queue>
            )}
            {hasMore ? (
              <More>
                <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
                  {loadingMore ? 'Loading…' : 'Load more'}
                </Button>
              </More>
            ) : null}
          </>
        )}
      </QueryState>
    </Container>
  );
}

function QueueItem({
  item,
  busy,
  onHide,
  onRestore,
  onDelete,
}: {
  item: ModerationItemDto;
  busy: boolean;
  onHide: ModerationViewProps['onHide'];
  onRestore: ModerationViewProps['onRestore'];
  onDelete: ModerationViewProps['onDelete'];
}) {
  const [reason, setReason] = useState('');
  const comments = [item.thread, ...item.thread.replies];
  const target = comments.find((comment) => comment.id === item.commentId)!;
  const titleId = `moderation-${item.commentId}`;
  return (
    <li>
      <Panel aria-labelledby={titleId}>
        <PanelHeader>
          <h2 id={titleId}>
            {authorName(target)} in “{item.module.title}”
          </h2>
          {item.awaitingApproval ? <Badge $tone="warning">Awaiting approval</Badge> : null}
          {item.reports.length ? <Badge $tone="danger">{item.reports.length === 1 ? '1 report' : `${item.reports.length} reports`}</Badge> : null}
        </PanelHeader>
        {item.reports.length ? (
          <Reports aria-label="Reports">
            {item.reports.map((report, index) => (
              <li key={index}>
                <strong>{REASONS[report.reason]}</strong>
                {report.details ? `: ${report.details}` : ''}{' '}
                <Muted>— {[report.reporterFirstName, report.reporterLastName].filter(Boolean).join(' ') || 'Learner'}, </Muted>
                <time dateTime={report.createdAt} title={formatInstantDate(report.createdAt)}>
                  {formatRelativeTime(report.createdAt)}
                </time>
              </li>
            ))}
          </Reports>
        ) : null}
        <Thread aria-label="The thread">
          {comments.map((comment) => (
            <ThreadComment
              key={comment.id}
              $reply={comment.parentId !== null}
              $target={comment.id === item.commentId}
              aria-current={comment.id === item.commentId ? 'true' : undefined}
            >
              <Meta>
                <strong>{comment.deleted ? 'Comment deleted' : authorName(comment)}</strong>
                {comment.userEmail ? <Muted>{comment.userEmail}</Muted> : null}
                {comment.hidden ? <Badge $tone="danger">Hidden</Badge> : null}
                {comment.awaitingApproval ? <Badge $tone="warning">Awaiting approval</Badge> : null}
                <time dateTime={comment.createdAt} title={formatInstantDate(comment.createdAt)}>
                  {formatRelativeTime(comment.createdAt)}
                </time>
              </Meta>
              {comment.deleted ? null : (
                <Text>
                  <LinkedText text={comment.comment} />
                </Text>
              )}
            </ThreadComment>
          ))}
        </Thread>
        {item.thread.replyCount > item.thread.replies.length ? (
          <Muted>
            Showing {item.thread.replies.length} of the thread’s {item.thread.replyCount} replies: the latest, and any awaiting a decision. Open the module to
            read them all.
          </Muted>
        ) : null}
        <Actions
          aria-label={`Moderate the comment by ${authorName(target)}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() && reason.trim().length <= 500) onHide(target, reason.trim());
          }}
        >
          <TextField
            label="Reason shown to the author"
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            hint={
              <>
                Needed to hide the comment. <CharacterCount value={reason} max={500} />
              </>
            }
          />
          <Buttons>
            <Button type="submit" variant="danger" disabled={busy || reason.trim() === '' || reason.trim().length > 500}>
              Hide
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => onRestore(target)}>
              {item.awaitingApproval ? 'Approve' : target.hidden ? 'Restore' : 'Keep it'}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => onDelete(target)}>
              Delete
            </Button>
            <ButtonLink to={`/courses/${item.module.courseId}/modules/${item.module.id}`} variant="ghost">
              Open the module
            </ButtonLink>
          </Buttons>
        </Actions>
      </Panel>
    </li>
  );
}

const Queue = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  list-style: none;
  padding: 0;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.md};
`;

const Reports = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  margin-bottom: ${({ theme }) => theme.space.sm};
  padding-left: ${({ theme }) => theme.space.md};
  overflow-wrap: anywhere;
`;

const Thread = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  padding: 0;
`;

const ThreadComment = styled.li<{ $reply: boolean; $target: boolean }>`
  margin-left: ${({ $reply, theme }) => ($reply ? theme.space.lg : '0')};
  padding: ${({ theme }) => theme.space.xs};
  border-left: 4px solid ${({ $target, theme }) => ($target ? theme.colors.danger : theme.colors.border)};
  background: ${({ $target, theme }) => ($target ? theme.colors.surfaceMuted : 'transparent')};
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

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
