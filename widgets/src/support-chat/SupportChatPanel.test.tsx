import '../test/setup.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, json, mockFetch } from '../test/setup.ts';
import { GREETING, pricingReply, REPLIES } from './botReplies.ts';
import { SupportChatPanel } from './SupportChatPanel.tsx';

function renderPanel(props: Partial<Parameters<typeof SupportChatPanel>[0]> = {}) {
  const onClose = vi.fn();
  const onMessageSent = vi.fn();
  render(<SupportChatPanel apiBase="https://atrium.test" open onClose={onClose} onMessageSent={onMessageSent} {...props} />);
  return { onClose, onMessageSent };
}

const botMessages = () => Array.from(document.querySelectorAll('[data-from="bot"]')).map((node) => node.textContent ?? '');
const userMessages = () => Array.from(document.querySelectorAll('[data-from="user"]')).map((node) => node.textContent ?? '');

function typeAndSend(text: string) {
  fireEvent.change(screen.getByLabelText('Type your message'), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText('Type your message').closest('form')!);
}

// The panel fetches the catalogue for its price answer; tests that do not care get no catalogue.
beforeEach(() => {
  mockFetch(() => json({ message: 'Service unavailable' }, 503));
});

describe('SupportChatPanel: chat', () => {
  it('opens with the greeting and focuses the message box', () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Support chat' })).toBeTruthy();
    expect(botMessages()).toEqual([expect.stringContaining(GREETING)]);
    expect(document.activeElement).toBe(screen.getByLabelText('Type your message'));
  });

  it('does not pass the scripted bot off as someone online', () => {
    renderPanel();
    const header = screen.getByRole('heading', { name: 'Support' }).parentElement!;
    expect(header.textContent).toMatch(/Automatic answers/);
    expect(header.textContent).not.toMatch(/online/i);
    // Only the header text: no decorative status dot beside it.
    expect(header.querySelectorAll('[aria-hidden="true"]')).toHaveLength(0);
  });

  it('answers "price" after exactly one second, from the catalogue in the page\'s currency', async () => {
    const { calls } = mockFetch(() =>
      json([
        { id: 1, title: 'Photography', price: 49900, prices: { GBP: 49900, USD: 62900 } },
        { id: 2, title: 'Podcast', price: 19900, prices: { GBP: 19900, USD: 24900 } },
        { id: 3, title: 'Video', price: 49900, prices: { GBP: 49900, USD: 62900 } },
      ]),
    );
    renderPanel({ currency: 'USD' });
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['https://atrium.test/api/courses']));
    // Let the catalogue's body be read and set before the clock is faked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    vi.useFakeTimers();
    typeAndSend('What is the price?');
    expect(userMessages()).toEqual([expect.stringContaining('What is the price?')]);
    expect((screen.getByLabelText('Type your message') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('status', { name: 'Support is typing' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(999));
    expect(botMessages()).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1));
    expect(botMessages()).toHaveLength(2);
    expect(botMessages()[1]).toContain('$629.00');
    expect(botMessages()[1]).toContain('The shorter Podcast course is $249.00.');
    expect(botMessages()[1]).not.toContain('£');
    expect(botMessages()[1]).toContain('Buying for several schools or a trust? Ask for an invoice and we can agree a discount, shown on the invoice.');
    expect(screen.queryByRole('status', { name: 'Support is typing' })).toBeNull();
  });

  it('answers "price" without figures when the catalogue cannot be fetched', async () => {
    const { calls } = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPanel();
    await waitFor(() => expect(calls).toHaveLength(1));
    // Let the catalogue's body be read and set before the clock is faked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    vi.useFakeTimers();
    typeAndSend('How much does it cost?');
    act(() => vi.advanceTimersByTime(1000));
    expect(botMessages()[1]).toContain(pricingReply(null));
    expect(botMessages()[1]).not.toMatch(/[£$€]\d/);
  });

  it('ignores a message that is empty after trimming', () => {
    vi.useFakeTimers();
    renderPanel();
    typeAndSend('   ');
    act(() => vi.advanceTimersByTime(2000));
    expect(userMessages()).toEqual([]);
    expect(botMessages()).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('gives the fallback for anything else and keeps replies in order', () => {
    vi.useFakeTimers();
    renderPanel();
    typeAndSend('hello');
    typeAndSend('which course?');
    act(() => vi.advanceTimersByTime(1000));
    expect(botMessages().slice(1)).toEqual([expect.stringContaining(REPLIES.fallback), expect.stringContaining(REPLIES.courses)]);
  });

  it('closes on Escape and with the close button', () => {
    const { onClose } = renderPanel();
    fireEvent.keyDown(screen.getByLabelText('Type your message'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close support chat' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed but keeps the conversation', () => {
    vi.useFakeTimers();
    const { rerender } = render(<SupportChatPanel open onClose={() => {}} />);
    typeAndSend('cost?');
    rerender(<SupportChatPanel open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    rerender(<SupportChatPanel open onClose={() => {}} />);
    expect(userMessages()).toHaveLength(1);
    expect(botMessages()[1]).toContain(pricingReply(null));
  });
});

describe('SupportChatPanel: "Send us a message"', () => {
  it('switches to the form and back', async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send us a message' }));
    expect(screen.getByRole('heading', { name: 'Send us a message' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Message')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to chat' }));
    expect(screen.getByLabelText('Type your message')).toBeTruthy();
  });

  it('asks for every field before sending anything', async () => {
    const { fetchMock } = mockFetch(() => json({ message: 'ok' }, 201));
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send us a message' }));
    fill(screen.getByLabelText('Name'), 'Ada');
    fill(screen.getByLabelText('Message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Missing Information');
    expect(alert.textContent).toContain('Please fill in all fields');
    // Only the catalogue GET for the price answer: nothing was posted.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('sends name, email and message as a widget message, then confirms', async () => {
    const { calls } = mockFetch(() => json({ message: 'Thank you' }, 201));
    const user = userEvent.setup({ delay: null });
    const { onMessageSent } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send us a message' }));
    fill(screen.getByLabelText('Name'), ' Ada Lovelace ');
    fill(screen.getByLabelText('Email'), 'ada@school.test');
    fill(screen.getByLabelText('Message'), 'Do you invoice?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Message Sent'));
    expect(screen.getByRole('status').textContent).toContain("We'll get back to you within 30 minutes");
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        url: 'https://atrium.test/api/contact',
        method: 'POST',
        body: { name: 'Ada Lovelace', email: 'ada@school.test', message: 'Do you invoice?', source: 'widget' },
      },
    ]);
    expect(onMessageSent).toHaveBeenCalledTimes(1);
    // Back in the chat, with the form emptied for next time.
    expect(screen.getByLabelText('Type your message')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send us a message' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['a server error', () => json({ message: 'Name is required' }, 400)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says "Send Failed" on %s and keeps what was typed', async (_case, answer) => {
    mockFetch(answer);
    const user = userEvent.setup({ delay: null });
    const { onMessageSent } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send us a message' }));
    fill(screen.getByLabelText('Name'), 'Ada');
    fill(screen.getByLabelText('Email'), 'ada@school.test');
    fill(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Send Failed'));
    expect(screen.getByRole('alert').textContent).toContain('Please try again or use our contact form on the website');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
    expect(onMessageSent).not.toHaveBeenCalled();
  });
});
