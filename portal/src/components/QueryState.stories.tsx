import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { portalTheme } from '../../../storybook/portalDecorators.tsx';
import { ApiError } from '../api/client.ts';
import { Panel, PanelHeader, RowList } from './Panel.ts';
import { QueryState, type ReadState } from './QueryState.tsx';

type Quizzes = string[];

const busy = new ApiError(
  503,
  'Service Unavailable',
  JSON.stringify({ message: 'The database is busy. Please try again in a minute.', id: 'service_unavailable' }),
);
const gone = new ApiError(404, 'Not Found', JSON.stringify({ message: 'Quiz not found', id: 'not_found' }));

const ready: ReadState<Quizzes> = { state: 'ready', data: ['Safeguarding check', 'Online safety check', 'Prevent duty check'] };

const meta = {
  title: 'Portal/QueryState',
  component: QueryState<Quizzes>,
  decorators: [portalTheme],
  args: {
    read: ready,
    size: 'page',
    loading: 'Loading the quiz',
    failed: 'This quiz could not be loaded',
    children: (quizzes: Quizzes) => <p>{quizzes.join(', ')}</p>,
  },
} satisfies Meta<typeof QueryState<Quizzes>>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (quizzes: Quizzes) => (
  <RowList aria-label="Quizzes">
    {quizzes.map((quiz) => (
      <li key={quiz}>{quiz}</li>
    ))}
  </RowList>
);

const inPanel = (args: Story['args']) => (
  <Panel>
    <PanelHeader>
      <h2>Quizzes</h2>
    </PanelHeader>
    <QueryState<Quizzes>
      read={args!.read!}
      size="panel"
      loading="Loading quizzes"
      failed="The quizzes could not be loaded."
      isEmpty={(quizzes) => quizzes.length === 0}
      empty="No quizzes yet."
    >
      {list}
    </QueryState>
  </Panel>
);

const inline = (args: Story['args']) => (
  <div style={{ padding: 16 }}>
    <QueryState<Quizzes> read={args!.read!} size="inline" loading="Loading the invited people" failed="The invited people could not be loaded.">
      {(people) => <p>{people.join(', ')}</p>}
    </QueryState>
  </div>
);

export const PageLoading: Story = { args: { read: { state: 'loading' } } };
export const PageFailed: Story = { args: { read: { state: 'failed', error: busy, retry: fn() } } };
/** No sentence from the server (the network is down): the page's own fallback. */
export const PageFailedOffline: Story = {
  args: { read: { state: 'failed', error: new TypeError('Failed to fetch'), retry: fn() }, fallback: 'Please check your connection and try again.' },
};
export const PageNotFound: Story = {
  args: {
    read: { state: 'failed', error: gone, retry: fn() },
    notFound: { icon: 'search', title: 'Quiz not found', text: 'This quiz may have been removed, or the link is wrong.' },
    back: <a href="/courses">Back to the courses</a>,
  },
};
export const PanelReady: Story = { render: inPanel };
export const PanelLoading: Story = { args: { read: { state: 'loading' } }, render: inPanel };
export const PanelFailed: Story = { args: { read: { state: 'failed', error: busy, retry: fn() } }, render: inPanel };
export const PanelEmpty: Story = { args: { read: { state: 'ready', data: [] } }, render: inPanel };
export const InlineLoading: Story = { args: { read: { state: 'loading' } }, render: inline };
export const InlineFailed: Story = { args: { read: { state: 'failed', error: new TypeError('Failed to fetch'), retry: fn() } }, render: inline };
