import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { ApiError } from '../api/client.ts';
import { PanelListStatus } from './PanelListStatus.tsx';

const list = <ul aria-label="Quizzes" />;
type Query = { isPending: boolean; isError: boolean; error: Error | null; data?: unknown };
const show = ({ data, ...query }: Query, isEmpty = false) =>
  render(
    <ThemeProvider theme={theme}>
      <PanelListStatus query={{ ...query, data }} loading="Loading quizzes" failed="The quizzes could not be loaded." isEmpty={isEmpty} empty="No quizzes yet.">
        {list}
      </PanelListStatus>
    </ThemeProvider>,
  );

describe('PanelListStatus', () => {
  it('says it is loading, then shows the list', () => {
    const view = show({ isPending: true, isError: false, error: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading quizzes');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    view.unmount();
    show({ isPending: false, isError: false, error: null });
    expect(screen.getByRole('list', { name: 'Quizzes' })).toBeInTheDocument();
  });

  it('shows the server’s sentence as an alert, or the fallback when there is none', () => {
    const view = show({
      isPending: false,
      isError: true,
      error: new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The database is busy', id: 'service_unavailable' })),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The database is busy');
    view.unmount();
    show({ isPending: false, isError: true, error: new TypeError('Failed to fetch') });
    expect(screen.getByRole('alert')).toHaveTextContent('The quizzes could not be loaded.');
  });

  it('keeps a list already read when reading it again fails', () => {
    show({ isPending: false, isError: true, error: new TypeError('Failed to fetch'), data: [{ id: 1 }] });
    expect(screen.getByRole('list', { name: 'Quizzes' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what to do when the list is empty', () => {
    show({ isPending: false, isError: false, error: null }, true);
    expect(screen.getByText('No quizzes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
