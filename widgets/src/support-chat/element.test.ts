import '../test/setup.ts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/setup.ts';
import type { MountPanel } from './panelContract.ts';
import './element.ts';

type ChatElement = HTMLElement & { open: boolean };

function addChat(attributes = '') {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = `<atrium-support-chat ${attributes}></atrium-support-chat>`;
  document.body.append(wrapper);
  const element = wrapper.firstElementChild as ChatElement;
  const launcher = element.shadowRoot!.querySelector('button')!;
  return { element, launcher, remove: () => wrapper.remove() };
}

afterEach(() => {
  delete window.AtriumWidgets;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('<atrium-support-chat> launcher', () => {
  it('is a plain button in a shadow root until someone shows interest', () => {
    const { element, launcher, remove } = addChat();
    expect(element.shadowRoot?.mode).toBe('open');
    expect(launcher.getAttribute('aria-label')).toBe('Open support chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.getAttribute('part')).toBe('launcher');
    expect(document.head.querySelector('script')).toBeNull();
    remove();
  });

  it('starts loading the panel file on hover or focus, once', () => {
    const { launcher, remove } = addChat();
    launcher.dispatchEvent(new Event('pointerenter'));
    launcher.dispatchEvent(new Event('focus'));
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toMatch(/\/support-chat-panel\.js$/);
    remove();
  });

  it('mounts the panel on click, passes it the API origin, and reports open and close', async () => {
    const update = vi.fn();
    const unmount = vi.fn();
    const mountPanel = vi.fn<MountPanel>(() => ({ update, unmount }));
    window.AtriumWidgets = { supportChatPanel: mountPanel };
    const events: string[] = [];
    const record = (event: Event) => events.push(event.type);
    document.addEventListener('atrium:support-chat:open', record);
    document.addEventListener('atrium:support-chat:close', record);

    const { element, launcher, remove } = addChat('api-base="https://atrium.test/" z-index="5000"');
    launcher.click();
    expect(element.hasAttribute('open')).toBe(true);
    await waitFor(() => expect(mountPanel).toHaveBeenCalledTimes(1));
    const [slot, props, options] = mountPanel.mock.calls[0]!;
    expect(element.shadowRoot!.contains(slot)).toBe(true);
    expect(props).toMatchObject({ apiBase: 'https://atrium.test', open: true });
    expect(options.styleTarget).toBe(element.shadowRoot);
    expect(launcher.getAttribute('aria-label')).toBe('Close support chat');
    expect((element.shadowRoot!.querySelector('.atrium-mount') as HTMLElement).style.getPropertyValue('--atrium-z')).toBe('5000');

    // The panel's own close button.
    props.onClose();
    expect(element.open).toBe(false);
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ open: false }));
    expect(events).toEqual(['atrium:support-chat:open', 'atrium:support-chat:close']);

    remove();
    expect(unmount).toHaveBeenCalledTimes(1);
    document.removeEventListener('atrium:support-chat:open', record);
    document.removeEventListener('atrium:support-chat:close', record);
  });

  it('opens from the open attribute and closes when it is removed', async () => {
    const mountPanel = vi.fn<MountPanel>(() => ({ update: vi.fn(), unmount: vi.fn() }));
    window.AtriumWidgets = { supportChatPanel: mountPanel };
    const { element, remove } = addChat('open');
    expect(element.open).toBe(true);
    await waitFor(() => expect(mountPanel).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ open: true }), expect.anything()));
    element.removeAttribute('open');
    expect(element.open).toBe(false);
    remove();
  });

  it('runs the real panel inside its shadow root: greeting, then the "price" answer from the catalogue after 1 s', async () => {
    const { calls } = mockFetch(() => json([{ id: 1, title: 'Photography', price: 49900, prices: { GBP: 49900, USD: 62900 } }]));
    await import('./panelEntry.tsx');
    expect(window.AtriumWidgets?.supportChatPanel).toBeTypeOf('function');
    const { element, launcher, remove } = addChat();
    await act(async () => launcher.click());
    const shadow = element.shadowRoot!;
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).toBeTruthy());
    expect(shadow.querySelector('[data-from="bot"]')?.textContent).toContain('How can we help');
    expect(shadow.querySelector('style[data-styled]')).toBeTruthy();
    expect(document.head.querySelector('style[data-styled]')).toBeNull();
    await waitFor(() => expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual(['/api/courses']));
    // Let the catalogue's body be read and set before the clock is faked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    vi.useFakeTimers();
    const input = shadow.querySelector('input')!;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, 'price?');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.form!.requestSubmit());
    expect(shadow.querySelectorAll('[data-from="bot"]')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1000));
    // jsdom's browser says en-US, so the catalogue's dollar price is quoted.
    expect(shadow.querySelectorAll('[data-from="bot"]')[1]?.textContent).toContain('Most courses are $629.00 for your whole school.');
    remove();
  });
});
