import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { DiscussionCommentDto, DiscussionThreadDto, ModerationItemDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { ModerationView } from './ModerationView.tsx';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const comment = (id: number, over: Partial<DiscussionCommentDto>): DiscussionCommentDto => ({
  id,
  moduleId: 3,
  userId: 2,
  parentId: null,
  comment: 'Face the windows and never film against them.',
  createdAt: ago(90),
  userFirstName: 'Sam',
  userLastName: 'Jones',
  userProfileImageUrl: null,
  userEmail: 'sam@riverside.sch.uk',
  school: null,
  instructor: false,
  deleted: false,
  answer: false,
  replyTo: null,
  hidden: false,
  hiddenReason: null,
  awaitingApproval: false,
  can: { delete: true, reply: true, markAnswer: false, pin: true, report: false, hide: true },
  ...over,
});

const thread = (opener: DiscussionCommentDto, replies: DiscussionCommentDto[]): DiscussionThreadDto => ({
  ...opener,
  pinned: false,
  lastActivityAt: opener.createdAt,
  replies,
  replyCount: replies.length,
  earlierCursor: null,
  following: false,
});

const items: ModerationItemDto[] = [
  {
    commentId: 12,
    module: { id: 3, title: 'Lighting a classroom', courseId: 1 },
    thread: thread(
      comment(11, {
        userId: 1,
        userFirstName: 'Nia',
        userLastName: 'Patel',
        userEmail: 'nia@oakfield.sch.uk',
        comment: 'How do you light a classroom for filming?',
      }),
      [comment(12, { parentId: 11, comment: 'Nobody asked you. Buy my course instead: https://spam.example/course', createdAt: ago(30) })],
    ),
    reports: [
      { reason: 'offensive', details: '', createdAt: ago(20), reporterFirstName: 'Nia', reporterLastName: 'Patel' },
      { reason: 'other', details: 'Advertising his own course in every thread', createdAt: ago(10), reporterFirstName: 'Lee', reporterLastName: 'Chan' },
    ],
    awaitingApproval: false,
  },
  {
    commentId: 21,
    module: { id: 4, title: 'Consent for photographs', courseId: 1 },
    thread: thread(
      comment(21, {
        userFirstName: 'Max',
        userLastName: 'Short',
        userEmail: 'max@example.com',
        comment: 'Forms: https://a.example https://b.example https://c.example https://d.example',
        awaitingApproval: true,
        createdAt: ago(5),
      }),
      [],
    ),
    reports: [],
    awaitingApproval: true,
  },
];

const meta = {
  title: 'Portal/Admin/ModerationView',
  component: ModerationView,
  decorators: [portalTheme],
  args: {
    queue: { state: 'ready', data: { items, hasMore: false, loadingMore: false } },
    busyId: null,
    onHide: fn(),
    onRestore: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
  },
} satisfies Meta<typeof ModerationView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Queue: Story = {};
/** More waits than a page holds: the oldest first, and Load more. */
export const MoreToLoad: Story = { args: { queue: { state: 'ready', data: { items, hasMore: true, loadingMore: false } } } };
export const Empty: Story = { args: { queue: { state: 'ready', data: { items: [], hasMore: false, loadingMore: false } } } };
export const Loading: Story = { args: { queue: { state: 'loading' } } };
export const LoadFailed: Story = { args: { queue: { state: 'failed', error: serverNotAnswering(), retry: fn() } } };

/** A reported reply early in a long thread: it and the latest replies are shown, with how many the thread has. */
export const LongThread: Story = {
  args: {
    queue: {
      state: 'ready',
      data: {
        items: [
          {
            commentId: 31,
            module: { id: 3, title: 'Lighting a classroom', courseId: 1 },
            thread: {
              ...thread(
                comment(30, { userFirstName: 'Nia', userLastName: 'Patel', comment: 'Share your classroom lighting set-ups here.', createdAt: ago(9000) }),
                [
                  comment(31, { parentId: 30, comment: 'Cheap lights at https://spam.example/lights', createdAt: ago(8000) }),
                  comment(240, {
                    parentId: 30,
                    userFirstName: 'Lee',
                    userLastName: 'Chan',
                    comment: 'A north-facing window did it for us.',
                    createdAt: ago(60),
                  }),
                  comment(241, { parentId: 30, userFirstName: 'Ana', userLastName: 'Ruiz', comment: 'Same here, and a white sheet.', createdAt: ago(30) }),
                  comment(242, { parentId: 30, userFirstName: 'Tom', userLastName: 'Reed', comment: 'Thanks, all!', createdAt: ago(5) }),
                ],
              ),
              replyCount: 212,
            },
            reports: [{ reason: 'spam', details: '', createdAt: ago(20), reporterFirstName: 'Lee', reporterLastName: 'Chan' }],
            awaitingApproval: false,
          },
        ],
        hasMore: false,
        loadingMore: false,
      },
    },
  },
};
