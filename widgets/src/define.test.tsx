import './test/setup.ts';
import { waitFor } from '@testing-library/react';
import { act } from 'react';
import styled from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { defineWidget, parseAttribute } from './define.ts';
import { captureScript, resolveApiBase } from './host.ts';

describe('parseAttribute', () => {
  it('reads HTML booleans: present is true, absent or "false" is false', () => {
    expect(parseAttribute('boolean', '')).toBe(true);
    expect(parseAttribute('boolean', 'open')).toBe(true);
    expect(parseAttribute('boolean', 'true')).toBe(true);
    expect(parseAttribute('boolean', 'FALSE')).toBe(false);
    expect(parseAttribute('boolean', null)).toBe(false);
  });

  it('reads numbers and strings, and absence as undefined', () => {
    expect(parseAttribute('number', '42')).toBe(42);
    expect(parseAttribute('number', ' ')).toBeUndefined();
    expect(parseAttribute('number', 'x')).toBeUndefined();
    expect(parseAttribute('string', '')).toBe('');
    expect(parseAttribute('string', null)).toBeUndefined();
  });
});

describe('script context', () => {
  it('takes the API origin and nonce from the script tag that is running', () => {
    const script = document.createElement('script');
    script.src = 'https://courses.agency.test/widgets/course-grid.js?v=3';
    script.setAttribute('nonce', 'r4nd0m');
    const doc = { currentScript: script, baseURI: 'https://school.test/' } as unknown as Document;
    const context = captureScript(doc);
    expect(context).toEqual({ src: 'https://courses.agency.test/widgets/course-grid.js?v=3', origin: 'https://courses.agency.test', nonce: 'r4nd0m' });
    expect(resolveApiBase(null, context)).toBe('https://courses.agency.test');
    expect(resolveApiBase(' https://api.other.test/ ', context)).toBe('https://api.other.test');
  });

  it('falls back to the page origin (relative URLs) without a script tag, as in the portal', () => {
    expect(captureScript({ currentScript: null, baseURI: 'https://portal.test/' } as unknown as Document)).toEqual({ src: null, origin: '', nonce: undefined });
    expect(resolveApiBase(undefined, { src: null, origin: '', nonce: undefined })).toBe('');
  });
});

const Box = styled.p`
  color: rgb(1, 2, 3);
`;

let renders: Array<{ open: boolean; size: number | undefined; label: string | undefined; apiBase: string }> = [];

const TestElement = defineWidget({
  tag: 'atrium-test-widget',
  attributes: { open: 'boolean', size: 'number', label: 'string', apiBase: 'string' },
  render: ({ open, size, label }, { apiBase, emit }) => {
    renders.push({ open, size, label, apiBase });
    return (
      <Box onClick={() => emit('clicked', { label })}>
        {open ? 'open' : 'closed'} {label ?? 'no label'}
      </Box>
    );
  },
});

type TestElementApi = HTMLElement & { open: boolean; size: number | undefined; label: string | undefined };

async function mount(html: string) {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  await act(async () => {
    document.body.append(wrapper);
  });
  const element = wrapper.firstElementChild as TestElementApi;
  return { wrapper, element, text: () => element.shadowRoot?.querySelector('p')?.textContent ?? '' };
}

describe('defineWidget', () => {
  it('renders into an open shadow root with its styles inside it, not in the page', async () => {
    const { element, wrapper, text } = await mount('<atrium-test-widget label="Hello"></atrium-test-widget>');
    await waitFor(() => expect(text()).toBe('closed Hello'));
    const shadow = element.shadowRoot!;
    expect(shadow.mode).toBe('open');
    expect(shadow.querySelector('.atrium-mount p')).toBeTruthy();
    expect(shadow.querySelector('style[data-styled]')?.textContent).toContain('color:rgb(1, 2, 3)');
    expect(document.head.querySelector('style[data-styled]')).toBeNull();
    expect(shadow.querySelector('style:not([data-styled])')?.textContent).toContain(':host');
    wrapper.remove();
  });

  it('treats a bare boolean attribute as true and its removal as false', async () => {
    const { element, wrapper, text } = await mount('<atrium-test-widget open label="x"></atrium-test-widget>');
    await waitFor(() => expect(text()).toBe('open x'));
    expect(element.open).toBe(true);

    await act(async () => element.removeAttribute('open'));
    await waitFor(() => expect(text()).toBe('closed x'));
    expect(element.open).toBe(false);

    await act(async () => {
      element.open = true;
    });
    expect(element.getAttribute('open')).toBe('');
    await waitFor(() => expect(text()).toBe('open x'));

    await act(async () => element.removeAttribute('label'));
    await waitFor(() => expect(text()).toBe('open no label'));
    wrapper.remove();
  });

  it('gives typed props from kebab-case attributes', async () => {
    renders = [];
    const { element, wrapper } = await mount('<atrium-test-widget size="3" api-base="https://api.test/"></atrium-test-widget>');
    await waitFor(() => expect(renders.at(-1)).toEqual({ open: false, size: 3, label: undefined, apiBase: 'https://api.test' }));
    expect(element.size).toBe(3);
    await act(async () => {
      element.size = undefined;
    });
    expect(element.hasAttribute('size')).toBe(false);
    wrapper.remove();
  });

  it('sends atrium:<widget>:<event> out of the shadow root', async () => {
    const { element, wrapper } = await mount('<atrium-test-widget label="news"></atrium-test-widget>');
    const listener = vi.fn((event: Event) => event);
    document.addEventListener('atrium:test-widget:clicked', listener);
    await waitFor(() => expect(element.shadowRoot?.querySelector('p')).toBeTruthy());
    element.shadowRoot!.querySelector('p')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(listener).toHaveBeenCalledTimes(1);
    const event = listener.mock.calls[0]![0] as CustomEvent;
    expect(event.detail).toEqual({ label: 'news' });
    expect(event.bubbles && event.composed).toBe(true);
    document.removeEventListener('atrium:test-widget:clicked', listener);
    wrapper.remove();
  });

  it('defines nothing twice when the same script runs again', () => {
    expect(TestElement).toBeDefined();
    const again = defineWidget({ tag: 'atrium-test-widget', attributes: {}, render: () => null });
    expect(again).toBeUndefined();
    expect(customElements.get('atrium-test-widget')).toBe(TestElement);
  });
});
