import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { IconButton, IconButtonLink } from './IconButton.tsx';

const inTheme = (ui: React.ReactElement) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );

describe('IconButton', () => {
  it('is a button named by its label, with a decorative icon, that does not submit forms', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    inTheme(
      <form onSubmit={onSubmit}>
        <IconButton icon="trash" label="Delete your comment" onClick={onClick} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete your comment' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('title', 'Delete your comment');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('passes state attributes through and does nothing while disabled', async () => {
    const onClick = vi.fn();
    inTheme(<IconButton icon="eye" label="Show password" aria-pressed={false} title="Show" disabled onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Show password' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAttribute('title', 'Show');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('has a link form that navigates', () => {
    inTheme(<IconButtonLink to="/courses/4" icon="close" label="Close and go back to Podcasts" />);
    expect(screen.getByRole('link', { name: 'Close and go back to Podcasts' })).toHaveAttribute('href', '/courses/4');
  });

  it('requires an accessible name by its type', () => {
    // @ts-expect-error: an icon-only button without a label is refused by the compiler.
    const unnamed = <IconButton icon="trash" />;
    expect(unnamed).toBeTruthy();
  });
});
