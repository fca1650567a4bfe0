import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommentDto } from '@atrium/common';
import { admin, fail, learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { Comments } from './Comments.tsx';

const comment = (id: number, userId: number, text: string, minutesAgo: number): CommentDto => ({
  id,
  moduleId: 11,
  userId,
  comment: text,
  createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  userFirstName: userId === learner.id ? learner.firstName : 'Tom',
  userLastName: userId === learner.id ? learner.lastName : 'Baker',
  userProfileImageUrl: null,
  can: { delete: userId === learner.id },
});

const base = (comments: CommentDto[], extra = {}) =>
  mockApi({
    'GET /api/user': ok(learner),
    'GET /api/config': ok(publicConfig),
    'GET /api/modules/11/comments': ok(comments),
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
      { ...comment(1, learner.id, 'Mine, locked', 5), can: { delete: false } },
      { ...comment(2, 99, 'Theirs, allowed', 30), can: { delete: true } },
    ]);
    renderComments();
    const mine = (await screen.findByText('Mine, locked')).closest('li')!;
    const theirs = screen.getByText('Theirs, allowed').closest('li')!;
    expect(within(mine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Delete comment by Tom Baker' })).toBeInTheDocument();
  });

  it('an admin sees every commenter’s e-mail and can delete any comment, after confirming', async () => {
    const theirs = { ...comment(2, 99, 'Off-topic advert', 30), userEmail: 'tom@spam.example', can: { delete: true } };
    const api = mockApi({
      'GET /api/user': ok(admin),
      'GET /api/config': ok(publicConfig),
      'GET /api/modules/11/comments': ok([theirs]),
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
});
