import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationsDto } from '@atrium/common';
import { learner, mockApi, ok, publicConfig } from '../../test/api.ts';
import { renderScene } from '../../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';

const item = (commentId: number, unread: boolean) => ({
  commentId,
  threadId: 4,
  moduleId: 11,
  courseId: 3,
  moduleTitle: 'Lighting a classroom',
  authorFirstName: 'Sam',
  authorLastName: 'Jones',
  authorProfileImageUrl: null,
  excerpt: `Reply ${commentId}`,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  unread,
});

describe('NotificationBell', () => {
  it('counts new replies, marks them seen when opened, and opens a reply’s thread', async () => {
    const listed: NotificationsDto = { unread: 1, items: [item(9, true), item(8, false)] };
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/notifications': ok(listed),
      'POST /api/notifications/seen': ok({ unread: 0, items: listed.items.map((shown) => ({ ...shown, unread: false })) }),
    });
    renderScene(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Replies to your comments: 1 new' }));
    const menu = await screen.findByRole('menu', { name: 'Replies to your comments' });
    // The open list keeps the new reply marked; the bell's count goes.
    expect(within(menu).getByRole('menuitem', { name: /Reply 9/ })).toHaveTextContent('(new)');
    expect(await screen.findByRole('button', { name: 'Replies to your comments' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/notifications/seen')).toHaveLength(1);
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Reply 9/ }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('asks nothing of the server when there is nothing new to mark', async () => {
    const api = mockApi({
      'GET /api/user': ok(learner),
      'GET /api/config': ok(publicConfig),
      'GET /api/notifications': ok({ unread: 0, items: [] }),
    });
    renderScene(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Replies to your comments' }));
    expect(await screen.findByText(/No replies yet/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/notifications/seen')).toHaveLength(0);
  });
});
