import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { ApiError } from '../api/client.ts';
import { mapRead, QueryState, readState, type QueryLike, type QueryStateSize } from './QueryState.tsx';

const busy = () => new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The database is busy', id: 'service_unavailable' }));
const query = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...over,
});
const wrap = (node: ReactNode) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </ThemeProvider>,
  );

function show(
  read: QueryLike<string[]>,
  size: QueryStateSize = 'panel',
  extra: { notFound?: { icon: 'search'; title: string; text: string }; wellFormed?: boolean } = {},
) {
  return wrap(
    <QueryState<string[]>
      read={read}
      size={size}
      loading="Loading quizzes"
      failed={size === 'page' ? 'This quiz could not be loaded' : 'The quizzes could not be loaded.'}
      isEmpty={(rows) => rows.length === 0}
      empty="No quizzes yet."
      {...extra}
    >
      {(rows) => (
        <ul aria-label="Quizzes">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('readState', () => {
  it('is loading, then ready with the data', () => {
    expect(readState(query({ isPending: true }))).toEqual({ state: 'loading' });
    expect(readState(query({ data: ['a'] }))).toEqual({ state: 'ready', data: ['a'] });
  });

  it('keeps the data through a refresh that fails on the way, and fails when there is nothing to show', () => {
    expect(readState(query({ data: ['a'], isError: true, error: busy() }))).toEqual({ state: 'ready', data: ['a'] });
    const refetch = vi.fn();
    const failed = readState(query({ isError: true, error: busy(), refetch }));
    expect(failed.state).toBe('failed');
    if (failed.state === 'failed') failed.retry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('fails with data on screen when the answer takes it away (404, 401, 403)', () => {
    const gone = new ApiError(404, 'Not Found', JSON.stringify({ message: 'Quiz not found', id: 'not_found' }));
    expect(readState(query({ data: ['a'], isError: true, error: gone })).state).toBe('failed');
  });

  it('maps what a ready read holds, and passes the others through', () => {
    expect(mapRead({ state: 'ready', data: [1, 2] }, (rows) => rows.length)).toEqual({ state: 'ready', data: 2 });
    expect(mapRead<number[], number>({ state: 'loading' }, (rows) => rows.length)).toEqual({ state: 'loading' });
  });
});

describe('QueryState', () => {
  it('says politely that it is loading, in every size', () => {
    for (const size of ['page', 'panel', 'inline'] as const) {
      const view = show(query({ isPending: true }), size);
      expect(screen.getByRole('status')).toHaveTextContent('Loading quizzes');
      expect(screen.queryByRole('list')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the server’s sentence, announced politely, with Try again that reads again', () => {
    for (const size of ['page', 'panel', 'inline'] as const) {
      const refetch = vi.fn();
      const view = show(query({ isError: true, error: busy(), refetch }), size);
      const status = screen.getByRole('status');
      expect(status).toHaveAttribute('aria-live', 'polite');
      expect(status).toHaveTextContent('The database is busy');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(refetch).toHaveBeenCalledOnce();
      view.unmount();
    }
  });

  it('never shows error.message: a failure with no sentence from the server gets the fallback', () => {
    show(query({ isError: true, error: new ApiError(500, 'Internal Server Error', 'stack trace at db.ts:12') }));
    expect(screen.getByRole('status')).toHaveTextContent('The quizzes could not be loaded.');
    expect(screen.queryByText(/stack trace/)).not.toBeInTheDocument();
  });

  it('gives a failed page its heading', () => {
    show(query({ isError: true, error: new TypeError('Failed to fetch') }), 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'This quiz could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please try again.');
  });

  it('keeps the list on screen when a refresh fails on the way', () => {
    show(query({ data: ['Safeguarding check'], isError: true, error: busy() }));
    expect(screen.getByRole('list', { name: 'Quizzes' })).toHaveTextContent('Safeguarding check');
    expect(screen.queryByText('The database is busy')).not.toBeInTheDocument();
  });

  it('says what to do when the list is empty', () => {
    show(query({ data: [] }));
    expect(screen.getByText('No quizzes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says not found for a 404 or an address that names nothing, when the page has a not-found text', () => {
    const notFound = { icon: 'search' as const, title: 'Quiz not found', text: 'It may have been removed.' };
    const gone = new ApiError(404, 'Not Found', JSON.stringify({ message: 'Quiz not found', id: 'not_found' }));
    const view = show(query({ isError: true, error: gone }), 'page', { notFound });
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    view.unmount();
    show(query({ isPending: true }), 'page', { notFound, wellFormed: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz not found' })).toBeInTheDocument();
  });
});
