import '../test/setup.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SupportChat } from './SupportChat.tsx';

describe('SupportChat (the portal’s launcher)', () => {
  it('shows only the launcher until it is clicked, then the lazily loaded panel', async () => {
    const onOpenChange = vi.fn();
    render(<SupportChat apiBase="https://atrium.test" onOpenChange={onOpenChange} />);
    const launcher = screen.getByRole('button', { name: 'Open support chat' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.pointerEnter(launcher);
    fireEvent.click(launcher);
    // The first dynamic import is transformed on demand, which can take a moment.
    expect(await screen.findByRole('dialog', { name: 'Support chat' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close support chat', expanded: true })).toBeTruthy();
    expect(onOpenChange).toHaveBeenLastCalledWith(true);

    // The panel's own close button and the launcher both close it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Close support chat' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Open support chat' })).toBeTruthy();
  }, 15_000);
});
