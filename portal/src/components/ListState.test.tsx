import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { ApiError } from '../api/client.ts';
import { ListState } from './ListState.tsx';
import type { ReadState } from './QueryState.tsx';

const show = (read: ReadState<string[]>) =>
  render(
    <ThemeProvider theme={theme}>
      <ListState read={read} loading="Loading courses" failed="The courses could not be loaded." empty="No courses yet." label="Courses">
        {(title) => <li key={title}>{title}</li>}
      </ListState>
    </ThemeProvider>,
  );

describe('ListState', () => {
  it('lists the items in a list named by its label', () => {
    show({ state: 'ready', data: ['Safeguarding', 'First Aid'] });
    expect(screen.getByRole('list', { name: 'Courses' })).toHaveTextContent('SafeguardingFirst Aid');
  });

  it('says empty when there is nothing to list, and the server’s sentence when the read failed', () => {
    show({ state: 'ready', data: [] });
    expect(screen.getByText('No courses yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    const busy = new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The database is busy', id: 'service_unavailable' }));
    show({ state: 'failed', error: busy, retry: vi.fn() });
    expect(screen.getByRole('status')).toHaveTextContent('The database is busy');
  });
});
