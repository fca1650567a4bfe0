import '../test/setup.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
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
    // The first dynamic import is transformed on demand, which can take a moment (the setup's wait allows for it).
    expect(await screen.findByRole('dialog', { name: 'Support chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close support chat', expanded: true })).toBeTruthy();
    expect(onOpenChange).toHaveBeenLastCalledWith(true);

    // The panel's own close button and the launcher both close it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Close support chat' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Open support chat' })).toBeTruthy();
  });

  it('on a page the server drew: a link to the fallback until hydrated, then the button, with no mismatch (issue 53)', async () => {
    const html = renderToString(<SupportChat fallbackHref="#contact" />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // Before the app runs the visitor has a working link to the contact form.
    const link = container.querySelector('a[href="#contact"]');
    expect(link?.getAttribute('aria-label')).toBe('Contact us');
    expect(container.querySelector('button')).toBeNull();

    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SupportChat fallbackHref="#contact" />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open support chat' })).toBeTruthy();
    container.remove();
  });

  it('without a fallback it is the button from the server on', () => {
    expect(renderToString(<SupportChat />)).toContain('aria-label="Open support chat"');
  });
});
