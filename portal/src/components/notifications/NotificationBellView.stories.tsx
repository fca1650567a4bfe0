import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ReplyNotificationDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { NotificationBellView } from './NotificationBellView.tsx';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const reply = (commentId: number, over: Partial<ReplyNotificationDto>): ReplyNotificationDto => ({
  commentId,
  threadId: 1,
  moduleId: 11,
  courseId: 3,
  moduleTitle: 'Lighting a classroom',
  authorFirstName: 'Sam',
  authorLastName: 'Jones',
  authorProfileImageUrl: null,
  excerpt: 'Face the windows and never film against them.',
  createdAt: ago(20),
  unread: false,
  ...over,
});

const items = [
  reply(9, {
    authorFirstName: 'Ada',
    authorLastName: 'Trainer',
    excerpt: 'A photo that does not identify a child needs no consent form.',
    createdAt: ago(5),
    unread: true,
  }),
  reply(8, { unread: true, createdAt: ago(40) }),
  reply(5, {
    threadId: 4,
    moduleTitle: 'Recording a podcast in a busy school',
    authorFirstName: 'Ola',
    authorLastName: 'Berg',
    excerpt: 'We record in the library after 4 pm: the caretaker turns the hall fans off for us, which makes all the difference to the…',
    createdAt: ago(60 * 26),
  }),
];

const meta = {
  title: 'Portal/NotificationBellView',
  component: NotificationBellView,
  decorators: [
    // At the right of a header, with room below for the open list.
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 440, padding: 8 }}>
        <Story />
      </div>
    ),
    portalTheme,
  ],
  args: { read: { state: 'ready', data: { unread: 2, items } }, onOpenChange: fn(), onSelect: fn(), defaultOpen: true },
} satisfies Meta<typeof NotificationBellView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewReplies: Story = {};
export const Closed: Story = { args: { defaultOpen: false } };
export const AllSeen: Story = { args: { read: { state: 'ready', data: { unread: 0, items: items.map((item) => ({ ...item, unread: false })) } } } };
export const NoReplies: Story = { args: { read: { state: 'ready', data: { unread: 0, items: [] } } } };
export const Loading: Story = { args: { read: { state: 'loading' } } };
export const LoadFailed: Story = { args: { read: { state: 'failed', error: new Error('offline'), retry: fn() } } };
