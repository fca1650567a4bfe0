import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { DiscussionCommentDto, DiscussionThreadDto } from '@atrium/common';
import { portalTheme } from '../../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../../storybook/portalFixtures.tsx';
import { DiscussionView, type DiscussionState, type DiscussionThreads } from './DiscussionView.tsx';

const ready = (data: DiscussionThreads): DiscussionState => ({ state: 'ready', data });

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const user = { id: 1, firstName: 'Nia', lastName: 'Patel', email: 'nia@oakfield.sch.uk', profileImageUrl: null };

const comment = (id: number, over: Partial<DiscussionCommentDto>): DiscussionCommentDto => ({
  id,
  moduleId: 11,
  userId: 2,
  parentId: null,
  comment: '',
  createdAt: ago(30),
  userFirstName: 'Sam',
  userLastName: 'Jones',
  userProfileImageUrl: null,
  school: null,
  instructor: false,
  deleted: false,
  answer: false,
  replyTo: null,
  hidden: false,
  hiddenReason: null,
  awaitingApproval: false,
  can: { delete: false, reply: true, markAnswer: false, pin: false, report: false, hide: false },
  ...over,
});

const thread = (id: number, over: Partial<DiscussionCommentDto>, replies: DiscussionCommentDto[] = []): DiscussionThreadDto => {
  const opener = comment(id, over);
  // The reader (Nia, user 1) follows the threads she opened or replied in.
  const following = opener.userId === 1 || replies.some((reply) => reply.userId === 1);
  return {
    ...opener,
    pinned: false,
    lastActivityAt: replies.at(-1)?.createdAt ?? opener.createdAt,
    replies,
    replyCount: replies.length,
    earlierCursor: null,
    following,
  };
};

const threads: DiscussionThreadDto[] = [
  thread(
    1,
    {
      userId: 1,
      userFirstName: 'Nia',
      userLastName: 'Patel',
      school: 'Oakfield Primary',
      comment: 'How do you light a classroom for filming on a grey day?',
      createdAt: ago(180),
      can: { delete: true, reply: true, markAnswer: false, pin: false, report: false, hide: false },
    },
    [
      comment(2, {
        parentId: 1,
        userFirstName: 'Ada',
        userLastName: 'Trainer',
        instructor: true,
        comment: 'Face the windows and never film against them.',
        createdAt: ago(120),
      }),
      comment(3, {
        parentId: 1,
        school: 'Riverside Academy',
        comment: 'A cheap LED panel bounced off the ceiling works for us: https://example.org/led-panel-guide.',
        createdAt: ago(60),
      }),
      comment(4, {
        parentId: 1,
        userId: 1,
        userFirstName: 'Nia',
        userLastName: 'Patel',
        school: 'Oakfield Primary',
        replyTo: { userId: 2, firstName: 'Sam', lastName: 'Jones' },
        comment: 'Which panel do you use?',
        createdAt: ago(5),
        can: { delete: true, reply: true, markAnswer: false, pin: false, report: false, hide: false },
      }),
    ],
  ),
  thread(
    5,
    {
      deleted: true,
      userFirstName: null,
      userLastName: null,
      can: { delete: false, reply: false, markAnswer: false, pin: false, report: false, hide: false },
      createdAt: ago(60 * 30),
    },
    [comment(6, { parentId: 5, comment: 'Still a good question: consent forms for photos go home in September.', createdAt: ago(60 * 26) })],
  ),
  thread(7, { userFirstName: 'Former', userLastName: 'learner', comment: 'Thanks, this module saved our open evening.', createdAt: ago(60 * 24 * 3) }),
];

const meta = {
  title: 'Portal/Module/DiscussionView',
  component: DiscussionView,
  decorators: [portalTheme],
  args: {
    user,
    state: { state: 'ready', data: { threads, total: 7, hasMore: true, loadingMore: false } },
    order: 'newest',
    onOrderChange: fn(),
    viewer: { showSchool: true, school: 'Oakfield Primary' },
    onShowSchoolChange: fn(),
    draft: '',
    onDraftChange: fn(),
    onPost: fn(),
    posting: false,
    reply: null,
    onReplyOpen: fn(),
    onReplyChange: fn(),
    onReplySubmit: fn(),
    onReplyCancel: fn(),
    replying: false,
    onDelete: fn(),
    onMarkAnswer: fn(),
    onPin: fn(),
    onReport: fn(),
    onRestore: fn(),
    onFollow: fn(),
    followBusyId: null,
    onShowEarlier: fn(),
    earlierBusyId: null,
    openedThreadId: null,
    onLoadMore: fn(),
  },
} satisfies Meta<typeof DiscussionView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Threads: Story = {};
export const Replying: Story = { args: { reply: { threadId: 1, to: threads[0]!.replies[1]!, text: 'Which brand is it?' } } };
export const NewestActivity: Story = {
  args: { order: 'activity', state: { state: 'ready', data: { threads: [...threads].reverse(), total: 7, hasMore: false, loadingMore: false } } },
};
export const Empty: Story = {
  args: { state: { state: 'ready', data: { threads: [], total: 0, hasMore: false, loadingMore: false } }, viewer: { showSchool: false, school: null } },
};
/** Opened from a reply e-mail or the bell: the thread the link names is first, and marked. */
export const OpenedFromLink: Story = {
  args: {
    state: { state: 'ready', data: { threads: [threads.at(-1)!, ...threads.slice(0, -1)], total: 7, hasMore: true, loadingMore: false } },
    openedThreadId: threads.at(-1)!.id,
  },
};
export const Loading: Story = { args: { state: { state: 'loading' }, viewer: null } };
export const LoadFailed: Story = { args: { state: { state: 'failed', error: serverNotAnswering(), retry: fn() }, viewer: null } };

/** What an instructor sees: the pinned thread, the answer, and the buttons to change them. */
export const AsInstructor: Story = {
  args: {
    state: ready({
      total: 7,
      hasMore: false,
      loadingMore: false,
      threads: threads.map((thread, index) => ({
        ...thread,
        pinned: index === 0,
        userEmail: thread.deleted ? undefined : 'sam@riverside.sch.uk',
        can: { ...thread.can, pin: !thread.deleted },
        replies: thread.replies.map((reply) => ({ ...reply, can: { ...reply.can, markAnswer: true, delete: true } })),
      })),
    }),
  },
};

/** Moderation as a learner sees it: Report on others' comments, their own hidden reply (with why) and one waiting for approval. */
export const Moderated: Story = {
  args: {
    state: ready({
      total: 5,
      hasMore: false,
      loadingMore: false,
      threads: [
        {
          ...threads[0]!,
          can: { ...threads[0]!.can, report: false },
          replies: [
            { ...threads[0]!.replies[0]!, can: { ...threads[0]!.replies[0]!.can, report: true } },
            {
              ...threads[0]!.replies[2]!,
              hidden: true,
              hiddenReason: 'Please keep product links out of the discussion.',
              can: { ...threads[0]!.replies[2]!.can, reply: false },
            },
            {
              ...threads[0]!.replies[2]!,
              id: 40,
              comment: 'Guides: https://a.example https://b.example https://c.example https://d.example',
              awaitingApproval: true,
              can: { ...threads[0]!.replies[2]!.can, reply: false },
            },
          ],
        },
      ],
    }),
  },
};

/** A busy thread comes with its latest replies; the earlier ones are a press away. */
export const BusyThread: Story = {
  args: {
    state: ready({
      total: 34,
      hasMore: false,
      loadingMore: false,
      threads: [{ ...threads[0]!, replyCount: 29, earlierCursor: 'MTcwMDAwMDAwMDAwMC4x' }, threads[2]!],
    }),
  },
};
export const LoadingEarlierReplies: Story = {
  args: { ...BusyThread.args, earlierBusyId: threads[0]!.id },
};
