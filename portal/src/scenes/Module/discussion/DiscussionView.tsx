import type { FormEvent } from 'react';
import styled from 'styled-components';
import type { DiscussionCommentDto, DiscussionOrder, DiscussionThreadDto, UserDto } from '@atrium/common';
import { COMMENT_MAX } from '@atrium/common/schemas/catalogue';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { Form, TextAreaField } from '../../../components/Field.tsx';
import { QueryState, type ReadState } from '../../../components/QueryState.tsx';
import { FieldLabel, Select } from '../../../components/NativeSelect.ts';
import { authorName, DiscussionComment, ReplyBox } from './DiscussionComment.tsx';

/** The threads read so far, how many there are, and whether a next page is there or being read. */
export interface DiscussionThreads {
  threads: DiscussionThreadDto[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
}

/** The discussion's read (QueryState): loading, failed with the server's sentence and Try again, or read. */
export type DiscussionState = ReadState<DiscussionThreads>;

/** The reply box that is open: under which thread, and whom it answers. */
export interface OpenReply {
  threadId: number;
  to: DiscussionCommentDto;
  text: string;
}

export interface DiscussionViewProps {
  user: Pick<UserDto, 'id' | 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;
  state: DiscussionState;
  order: DiscussionOrder;
  onOrderChange(order: DiscussionOrder): void;
  /** The reader's choice to show their school, once known; null while loading. */
  viewer: { showSchool: boolean; school: string | null } | null;
  onShowSchoolChange(show: boolean): void;
  draft: string;
  onDraftChange(text: string): void;
  onPost(event: FormEvent): void;
  posting: boolean;
  reply: OpenReply | null;
  onReplyOpen(threadId: number, to: DiscussionCommentDto): void;
  onReplyChange(text: string): void;
  onReplySubmit(event: FormEvent): void;
  onReplyCancel(): void;
  replying: boolean;
  onDelete(comment: DiscussionCommentDto): void;
  onMarkAnswer(comment: DiscussionCommentDto, answer: boolean): void;
  onPin(thread: DiscussionThreadDto, pinned: boolean): void;
  onReport(comment: DiscussionCommentDto): void;
  onRestore(comment: DiscussionCommentDto): void;
  /** Follow a thread (e-mails when someone replies) or stop following it. */
  onFollow(thread: DiscussionThreadDto, following: boolean): void;
  /** The thread whose following is being changed. */
  followBusyId: number | null;
  /** Read the replies before those a thread shows (it comes with its latest few). */
  onShowEarlier(thread: DiscussionThreadDto): void;
  /** The thread whose earlier replies are being read. */
  earlierBusyId: number | null;
  /** The thread a link opened (a reply e-mail's, the bell's): marked and scrolled to. */
  openedThreadId: number | null;
  onLoadMore(): void;
}

const ORDER_LABELS: Record<DiscussionOrder, string> = { newest: 'Newest', activity: 'Newest activity' };

const earlierLabel = (hidden: number) => (hidden > 1 ? `Show ${hidden.toLocaleString('en-GB')} earlier replies` : 'Show the earlier reply');

/** A module's community discussion (SPEC §2, §5, §8; issue 58): threads with their replies, one level deep. */
export function DiscussionView(props: DiscussionViewProps) {
  const { user, state, viewer } = props;
  return (
    <Section aria-labelledby="comments-title">
      <Header>
        <h2 id="comments-title">Community discussion {state.state === 'ready' ? <Count>({state.data.total})</Count> : null}</h2>
        <OrderPicker>
          <FieldLabel htmlFor="discussion-order">Sort by</FieldLabel>
          <Select id="discussion-order" value={props.order} onChange={(event) => props.onOrderChange(event.target.value as DiscussionOrder)}>
            {(Object.keys(ORDER_LABELS) as DiscussionOrder[]).map((order) => (
              <option key={order} value={order}>
                {ORDER_LABELS[order]}
              </option>
            ))}
          </Select>
        </OrderPicker>
      </Header>

      <PostForm onSubmit={props.onPost} aria-label="Post a comment">
        <Avatar person={user} src={user.profileImageUrl} size={40} decorative />
        <Compose>
          <TextAreaField
            label="Add a comment"
            placeholder="Share a tip or ask a question about this module…"
            rows={3}
            hint={<CharacterCount value={props.draft} max={COMMENT_MAX} />}
            name="comment"
            value={props.draft}
            onChange={(event) => props.onDraftChange(event.target.value)}
          />
          <ComposeFooter>
            {viewer?.school ? (
              <CheckboxField
                label={`Show my school (${viewer.school}) next to my name`}
                checked={viewer.showSchool}
                onChange={(event) => props.onShowSchoolChange(event.target.checked)}
              />
            ) : (
              <span />
            )}
            <Button type="submit" disabled={props.draft.trim() === '' || props.posting}>
              {props.posting ? 'Posting…' : 'Post Comment'}
            </Button>
          </ComposeFooter>
        </Compose>
      </PostForm>

      <QueryState read={state} size="panel" loading="Loading comments" failed="The comments could not be loaded.">
        {({ threads, hasMore, loadingMore }) =>
          threads.length === 0 ? (
            <Empty>No comments yet. Be the first to start the discussion.</Empty>
          ) : (
            <>
              <Threads>
                {threads.map((thread) => (
                  <ThreadComment
                    key={thread.id}
                    comment={thread}
                    pinned={thread.pinned}
                    ownId={user.id}
                    onMarkAnswer={(answer) => props.onMarkAnswer(thread, answer)}
                    onPin={(pinned) => props.onPin(thread, pinned)}
                    onReply={() => props.onReplyOpen(thread.id, thread)}
                    onDelete={() => props.onDelete(thread)}
                    onReport={() => props.onReport(thread)}
                    onRestore={() => props.onRestore(thread)}
                    follow={{ following: thread.following, busy: props.followBusyId === thread.id, onChange: (following) => props.onFollow(thread, following) }}
                    opened={props.openedThreadId === thread.id}
                  >
                    {thread.replies.length || props.reply?.threadId === thread.id ? (
                      <Replies aria-label={`Replies to ${thread.deleted ? 'a deleted comment' : authorName(thread)}`}>
                        {thread.earlierCursor ? (
                          <li>
                            <Button variant="ghost" size="sm" onClick={() => props.onShowEarlier(thread)} disabled={props.earlierBusyId === thread.id}>
                              {props.earlierBusyId === thread.id ? 'Loading replies…' : earlierLabel(thread.replyCount - thread.replies.length)}
                            </Button>
                          </li>
                        ) : null}
                        {thread.replies.map((reply) => (
                          <DiscussionComment
                            key={reply.id}
                            comment={reply}
                            ownId={user.id}
                            onMarkAnswer={(answer) => props.onMarkAnswer(reply, answer)}
                            onPin={(pinned) => props.onPin(thread, pinned)}
                            onReply={() => props.onReplyOpen(thread.id, reply)}
                            onDelete={() => props.onDelete(reply)}
                            onReport={() => props.onReport(reply)}
                            onRestore={() => props.onRestore(reply)}
                          />
                        ))}
                        {props.reply?.threadId === thread.id ? (
                          <li>
                            <ReplyBox
                              to={props.reply.to.userId === user.id ? 'your comment' : authorName(props.reply.to)}
                              value={props.reply.text}
                              busy={props.replying}
                              onChange={props.onReplyChange}
                              onSubmit={props.onReplySubmit}
                              onCancel={props.onReplyCancel}
                            />
                          </li>
                        ) : null}
                      </Replies>
                    ) : null}
                  </ThreadComment>
                ))}
              </Threads>
              {hasMore ? (
                <LoadMore>
                  <Button variant="secondary" onClick={props.onLoadMore} disabled={loadingMore}>
                    {loadingMore ? 'Loading…' : 'Load more'}
                  </Button>
                </LoadMore>
              ) : null}
            </>
          )
        }
      </QueryState>
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const OrderPicker = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  label {
    margin: 0;
    white-space: nowrap;
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
`;

const ComposeFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  button {
    margin-left: auto;
  }
`;

const Threads = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ThreadComment = styled(DiscussionComment)`
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Replies = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 0 ${({ theme }) => theme.space.xl};
  padding: 0 0 0 ${({ theme }) => theme.space.md};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  list-style: none;

  @media (max-width: 30rem) {
    margin-left: ${({ theme }) => theme.space.xs};
    padding-left: ${({ theme }) => theme.space.sm};
  }
`;

const LoadMore = styled.div`
  display: flex;
  justify-content: center;
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;
