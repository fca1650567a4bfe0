import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DiscussionCommentDto, DiscussionPageDto, DiscussionThreadDto } from '@atrium/common';
import { admin, fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { Comments } from './Comments.tsx';

const reply = (id: number, userId: number, text: string, minutesAgo: number, parentId: number | null = 1): DiscussionCommentDto => ({
  id,
  moduleId: 11,
  userId,
  parentId,
  comment: text,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  userFirstName: userId === learner.id ? learner.firstName : 'Tom',
  userLastName: userId === learner.id ? learner.lastName : 'Baker',
  userProfileImageUrl: null,
  school: null,
  instructor: false,
  deleted: false,
  answer: false,
  replyTo: null,
  hidden: false,
  hiddenReason: null,
  awaitingApproval: false,
  can: { delete: userId === learner.id, reply: true, markAnswer: false, pin: false, report: false, hide: false },
});

const comment = (id: number, userId: number, text: string, minutesAgo: number, replies: DiscussionCommentDto[] = []): DiscussionThreadDto => {
  const opener = reply(id, userId, text, minutesAgo, null);
  return {
    ...opener,
    pinned: false,
    lastActivityAt: opener.createdAt,
    replies,
    replyCount: replies.length,
    earlierCursor: null,
    following: userId === learner.id,
  };
};

const page = (threads: DiscussionThreadDto[], nextCursor: string | null = null): DiscussionPageDto => ({
  threads,
  nextCursor,
  total: threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0),
  viewer: { showSchool: false, school: null },
});

const base = (comments: DiscussionThreadDto[], extra = {}) =>
  mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/modules/11/discussion': ok(page(comments)),
    ...extra,
  });

const renderComments = () => renderScene(<Comments moduleId={11} user={learner} />);

describe('Comments', () => {
  it('lists comments with relative times and a delete button only on your own', async () => {
    base([comment(1, learner.id, 'Mine', 5), comment(2, 99, 'Theirs', 60 * 24)]);
    renderComments();
    const mine = (await screen.findByText('Mine')).closest('li')!;
    const theirs = screen.getByText('Theirs').closest('li')!;
    expect(within(mine).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(theirs).getByText('yesterday')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete your comment' })).toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('offers delete where the server says the caller may, whatever the role', async () => {
    base([
      { ...comment(1, learner.id, 'Mine, locked', 5), can: { delete: false, reply: true, markAnswer: false, pin: false, report: false, hide: false } },
      { ...comment(2, 99, 'Theirs, allowed', 30), can: { delete: true, reply: true, markAnswer: false, pin: false, report: false, hide: false } },
    ]);
    renderComments();
    const mine = (await screen.findByText('Mine, locked')).closest('li')!;
    const theirs = screen.getByText('Theirs, allowed').closest('li')!;
    expect(within(mine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Delete comment by Tom Baker' })).toBeInTheDocument();
  });

  it('an admin sees every commenter’s e-mail and can delete any comment, after confirming', async () => {
    const theirs = {
      ...comment(2, 99, 'Off-topic advert', 30),
      userEmail: 'tom@spam.example',
      can: { delete: true, reply: true, markAnswer: false, pin: false, report: false, hide: false },
    };
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/modules/11/discussion': ok(page([theirs])),
      'DELETE /api/modules/comments/2': ok({ message: 'Comment deleted' }),
    });
    renderScene(<Comments moduleId={11} user={admin} />);
    const item = (await screen.findByText('Off-topic advert')).closest('li')!;
    expect(within(item).getByText('tom@spam.example')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Delete comment by Tom Baker' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    expect(within(dialog).getByText(/removed from the discussion for everyone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/modules/comments/2')).toHaveLength(1);
  });

  it('keeps Post disabled while the comment is empty or blank', async () => {
    base([]);
    renderComments();
    const post = await screen.findByRole('button', { name: 'Post Comment' });
    expect(post).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Add a comment'), '    ');
    expect(post).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Useful');
    expect(post).toBeEnabled();
  });

  it('refuses a blank comment submitted another way with the spec message', async () => {
    const api = base([]);
    renderComments();
    const field = await screen.findByLabelText('Add a comment');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Comment cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Please write something before posting')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/modules/11/comments')).toHaveLength(0);
  });

  it('posts the trimmed comment, clears the box and says so', async () => {
    const api = base([], { 'POST /api/modules/11/comments': { status: 201, body: comment(3, learner.id, 'Great tip', 0) } });
    renderComments();
    await userEvent.type(await screen.findByLabelText('Add a comment'), '  Great tip  ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment posted!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/modules/11/comments')[0]?.body).toEqual({ comment: 'Great tip' });
    expect(screen.getByLabelText('Add a comment')).toHaveValue('');
  });

  it('says when posting fails', async () => {
    base([], { 'POST /api/modules/11/comments': fail(500, 'boom') });
    renderComments();
    await userEvent.type(await screen.findByLabelText('Add a comment'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Failed to post comment')).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
  });

  it('deletes your own comment only after confirmation', async () => {
    const api = base([comment(1, learner.id, 'Mine', 5)], { 'DELETE /api/modules/comments/1': ok({ message: 'Comment deleted' }) });
    renderComments();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete your comment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/modules/comments/1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete your comment' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/modules/comments/1')).toHaveLength(1);
  });

  it('says when deleting fails', async () => {
    base([comment(1, learner.id, 'Mine', 5)], { 'DELETE /api/modules/comments/1': fail(403, 'You can only delete your own comments') });
    renderComments();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete your comment' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete comment')).toBeInTheDocument();
  });

  it('shows replies under their thread, naming whom a reply answers, with the instructor and school marks', async () => {
    const answer = { ...reply(2, 99, 'Face the windows', 10), instructor: true };
    const followUp = { ...reply(3, learner.id, 'Even on a grey day?', 5), replyTo: { userId: 99, firstName: 'Tom', lastName: 'Baker' } };
    base([{ ...comment(1, 50, 'How do I light a classroom?', 60, [answer, followUp]), userFirstName: 'Ann', userLastName: 'Lee', school: 'Oakfield Primary' }]);
    renderComments();
    const replies = await screen.findByRole('list', { name: 'Replies to Ann Lee' });
    expect(within(replies).getByText('Face the windows')).toBeInTheDocument();
    expect(within(replies).getByText('Instructor')).toBeInTheDocument();
    expect(within(replies).getByText('Replying to Tom Baker')).toBeInTheDocument();
    expect(screen.getByText('Oakfield Primary')).toBeInTheDocument();
  });

  it('replies in the thread with one request, and keeps what was typed across a refresh', async () => {
    const posted = { ...reply(5, learner.id, 'Thanks Tom', 0), replyTo: { userId: 99, firstName: 'Tom', lastName: 'Baker' } };
    const api = base([{ ...comment(1, 50, 'Question', 60, [reply(2, 99, 'Answer', 10)]), userFirstName: 'Ann', userLastName: 'Lee' }], {
      'POST /api/modules/11/comments': { status: 201, body: posted },
    });
    const first = renderComments();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Tom Baker' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Tom Baker' }), 'Thanks Tom');
    first.unmount();

    renderComments();
    expect(await screen.findByRole('textbox', { name: 'Reply to Tom Baker' })).toHaveValue('Thanks Tom');
    const reads = api.callsTo('GET', '/api/modules/11/discussion').length;
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Reply posted!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/modules/11/comments')[0]?.body).toEqual({ comment: 'Thanks Tom', parentId: 2 });
    const replies = screen.getByRole('list', { name: /Replies to/ });
    expect(within(replies).getByText('Thanks Tom')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/modules/11/discussion')).toHaveLength(reads);
    expect(screen.queryByRole('textbox', { name: 'Reply to Tom Baker' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('atrium:discussion-draft:11')).toBeNull();
  });

  it('loads more threads with the cursor, and reads them in newest-activity order when asked', async () => {
    const pages = [page([comment(1, 99, 'First page', 5)], 'next-1'), page([comment(2, 99, 'Second page', 50)])];
    let served = 0;
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/modules/11/discussion': () => ok(pages[served++ % 2]),
    });
    const urls = () => api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/discussion'));
    renderComments();
    await screen.findByText('First page');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(urls()[1]).toContain('cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Newest activity');
    await waitFor(() => expect(urls().some((url) => url.includes('order=activity'))).toBe(true));
  });

  it('shows a deleted opening comment as "Comment deleted" with its replies', async () => {
    base([
      {
        ...comment(1, 99, '', 60, [reply(2, learner.id, 'Still here', 10)]),
        deleted: true,
        userFirstName: null,
        userLastName: null,
        can: { delete: false, reply: false, markAnswer: false, pin: false, report: false, hide: false },
      },
    ]);
    renderComments();
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });

  it('shows the pinned thread and the answer, and lets an instructor move them', async () => {
    const answer = {
      ...reply(3, 99, 'Written consent, every year', 5),
      answer: true,
      instructor: true,
      can: { delete: true, reply: true, markAnswer: true, pin: false, report: false, hide: false },
    };
    const other = {
      ...reply(2, 98, 'We ask at the start of term', 10),
      can: { delete: true, reply: true, markAnswer: true, pin: false, report: false, hide: false },
    };
    const thread = {
      ...comment(1, 50, 'Consent for photos?', 60, [answer, other]),
      pinned: true,
      can: { delete: true, reply: true, markAnswer: false, pin: true, report: false, hide: false },
    };
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/modules/11/discussion': ok(page([thread])),
      'PUT /api/modules/comments/2/answer': ok({ message: 'Marked as the answer' }),
      'PUT /api/modules/comments/1/pin': ok({ message: 'Thread unpinned' }),
    });
    renderScene(<Comments moduleId={11} user={admin} />);
    expect(await screen.findByText('Pinned')).toBeInTheDocument();
    const replies = screen.getByRole('list', { name: /Replies to/ });
    expect(within(replies).getAllByRole('listitem')[0]).toHaveTextContent('Answer');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as answer: the reply by Tom Baker' }));
    expect(await screen.findByText('Marked as the answer')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/modules/comments/2/answer')[0]?.body).toEqual({ answer: true });
    await userEvent.click(screen.getByRole('button', { name: /Unpin: the thread/ }));
    expect(await screen.findByText('Thread unpinned')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/modules/comments/1/pin')[0]?.body).toEqual({ pinned: false });
  });
});

describe('following and opening a thread', () => {
  it('follows a thread and stops following it, as the server answers', async () => {
    let following = false;
    const api = base([comment(1, 99, 'Which tripod?', 30)], {
      'PUT /api/modules/comments/1/follow': ({ body }: { body: unknown }) => {
        following = (body as { following: boolean }).following;
        return ok({ following, message: following ? 'You follow this thread: we will e-mail you when someone replies' : 'You no longer follow this thread' });
      },
    });
    renderComments();
    const thread = (await screen.findByText('Which tripod?')).closest('li')!;
    await userEvent.click(within(thread).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You follow this thread: we will e-mail you when someone replies')).toBeInTheDocument();
    const pressed = within(thread).getByRole('button', { name: 'Following' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(pressed);
    expect(await screen.findByText('You no longer follow this thread')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('PUT', '/api/modules/comments/1/follow').map((call) => call.body)).toEqual([{ following: true }, { following: false }]);
  });

  it('asks for the thread a link names, shows it first, marked and focused', async () => {
    const api = base([comment(2, 99, 'The linked question', 60), comment(1, learner.id, 'A newer one', 5)]);
    renderScene(<Comments moduleId={11} user={learner} />, { route: '/?thread=2' });
    const opened = (await screen.findByText('The linked question')).closest('li')!;
    expect(opened).toHaveAttribute('id', 'comment-2');
    await waitFor(() => expect(document.activeElement).toBe(opened));
    const asked = api.fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/discussion'));
    expect(asked).toContain('thread=2');
  });

  it('shows a busy thread’s earlier replies on request, above the latest, each once, and says so when they cannot be read', async () => {
    const latest = [reply(30, 99, 'Latest but one', 10), reply(31, learner.id, 'Latest', 5)];
    const busy = { ...comment(1, 99, 'Sports day tips?', 60 * 24), replies: latest, replyCount: 4, earlierCursor: 'b2xkZXI' };
    const api = base([busy], {
      'GET /api/modules/11/comments/1/replies': ok({
        replies: [reply(20, 99, 'First reply', 60 * 20), reply(21, 99, 'Second reply', 60 * 19)],
        earlierCursor: null,
      }),
    });
    renderComments();
    const show = await screen.findByRole('button', { name: 'Show 2 earlier replies' });
    await userEvent.click(show);
    const replies = await screen.findByRole('list', { name: 'Replies to Tom Baker' });
    await waitFor(() => expect(within(replies).getByText('First reply')).toBeInTheDocument());
    const texts = within(replies)
      .getAllByText(/reply|Latest/)
      .map((node) => node.textContent);
    expect(texts).toEqual(['First reply', 'Second reply', 'Latest but one', 'Latest']);
    expect(api.callsTo('GET', '/api/modules/11/comments/1/replies')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /earlier repl/ })).not.toBeInTheDocument();
  });

  it('keeps the button and says why when the earlier replies cannot be read', async () => {
    const busy = { ...comment(1, 99, 'Sports day tips?', 60 * 24), replies: [reply(31, learner.id, 'Latest', 5)], replyCount: 2, earlierCursor: 'b2xkZXI' };
    base([busy], { 'GET /api/modules/11/comments/1/replies': fail(503, 'The service is temporarily unavailable. Please try again shortly.') });
    renderComments();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the earlier reply' }));
    expect(await screen.findByText('Could not load the earlier replies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the earlier reply' })).toBeEnabled();
  });
});
