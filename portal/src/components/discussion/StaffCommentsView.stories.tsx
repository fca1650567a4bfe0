import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StaffCommentDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { StaffCommentsView } from './StaffCommentsView.tsx';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const item = (id: number, over: Partial<StaffCommentDto>): StaffCommentDto => ({
  id,
  threadId: id,
  reply: false,
  userId: 2,
  userFirstName: 'Tom',
  userLastName: 'Teacher',
  userProfileImageUrl: null,
  comment: 'Which microphone would you buy for a class podcast on a small budget?',
  createdAt: ago(30),
  moduleId: 11,
  moduleTitle: 'Microphones',
  courseId: 3,
  courseTitle: 'Podcasting for schools',
  ...over,
});

const items = [
  item(9, {
    reply: true,
    threadId: 4,
    userFirstName: 'Priya',
    userLastName: 'Shah',
    comment: 'Thanks, we ordered one for the library: see https://example.org/usb-mics',
    createdAt: ago(12),
  }),
  item(8, {}),
  item(4, {
    moduleTitle: 'Photos that do not identify children',
    courseTitle: 'Smartphone photography',
    comment: 'Is a photo taken from behind, with no names, fine for the website without a consent form?',
    createdAt: ago(60 * 30),
  }),
];

const meta = {
  title: 'Portal/School/StaffCommentsView',
  component: StaffCommentsView,
  decorators: [portalTheme],
  args: { read: { state: 'ready', data: { items, hasMore: true, loadingMore: false } }, onLoadMore: fn() },
} satisfies Meta<typeof StaffCommentsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Comments: Story = {};
export const LastPage: Story = { args: { read: { state: 'ready', data: { items, hasMore: false, loadingMore: false } } } };
export const NoComments: Story = { args: { read: { state: 'ready', data: { items: [], hasMore: false, loadingMore: false } } } };
export const Loading: Story = { args: { read: { state: 'loading' } } };
export const LoadFailed: Story = { args: { read: { state: 'failed', error: new Error('offline'), retry: fn() } } };
