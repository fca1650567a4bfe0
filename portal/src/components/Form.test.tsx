import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { Button } from './Button.tsx';
import { Form } from './Form.tsx';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const withTheme = (ui: ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

function MutatingForm({ send }: { send: () => Promise<void> }) {
  const write = useMutation({ mutationFn: send });
  return (
    <Form
      aria-label="Write"
      onSubmit={(event) => {
        event.preventDefault();
        write.mutate();
      }}
    >
      <Button type="submit">Save</Button>
    </Form>
  );
}

describe('Form', () => {
  it('ignores a second submit while the write the first one started is under way, and disables its submit button', async () => {
    const write = deferred();
    const send = vi.fn(() => write.promise);
    withTheme(
      <QueryClientProvider client={new QueryClient()}>
        <MutatingForm send={send} />
      </QueryClientProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    fireEvent.submit(screen.getByRole('form', { name: 'Write' }));
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('form', { name: 'Write' })).toHaveAttribute('aria-busy', 'true');
    expect(send).toHaveBeenCalledTimes(1);

    write.resolve();
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('waits for a promise the submit handler returns, and accepts a new submit once it has failed', async () => {
    let attempt = deferred();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => {
      event.preventDefault();
      return attempt.promise.then(() => Promise.reject(new Error('refused')));
    });
    withTheme(
      <Form aria-label="Write" onSubmit={onSubmit}>
        <Button type="submit">Save</Button>
      </Form>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    attempt.resolve();
    await waitFor(() => expect(save).toBeEnabled());
    attempt = deferred();
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
