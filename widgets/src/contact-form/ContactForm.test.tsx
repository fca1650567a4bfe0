import '../test/setup.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { deferred, fill, json, mockFetch } from '../test/setup.ts';
import { ContactForm } from './ContactForm.tsx';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The text a field's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

function fillRequired() {
  fill(field(/^Name/), 'Grace Hopper');
  fill(field(/^Email/), 'grace@school.test');
  fill(field(/^Message/), 'We would like a quote for 40 staff.');
}

describe('ContactForm', () => {
  it('has the landing form fields: three required, two optional, a four-row message', () => {
    render(<ContactForm />);
    expect(field(/^Name/).required).toBe(true);
    expect(field(/^Email/).required).toBe(true);
    expect(field(/^Email/).type).toBe('email');
    expect(field(/^School or company/).required).toBe(false);
    expect(field(/^Phone/).required).toBe(false);
    const message = screen.getByLabelText(/^Message/) as HTMLTextAreaElement;
    expect(message.required).toBe(true);
    expect(message.getAttribute('rows')).toBe('4');
    // The asterisk marks exactly the required fields.
    expect(document.querySelectorAll('label span[aria-hidden="true"]')).toHaveLength(3);
  });

  it('does not send while a required field is empty', async () => {
    const { fetchMock } = mockFetch(() => json({ message: 'ok' }, 201));
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    fill(field(/^Name/), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field(/^Email/).validity.valid).toBe(false);
  });

  it('names each problem beside its field, marks the field, and clears it when the field is edited', async () => {
    const { fetchMock } = mockFetch(() => json({ message: 'ok' }, 201));
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    fill(field(/^Name/), 'Grace');
    fill(field(/^Email/), 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(description(field(/^Email/))).toBe('Please enter a valid email address');
    expect(description(screen.getByLabelText(/^Message/))).toBe('Message is required');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBeNull();
    fill(field(/^Email/), 'grace@school.test');
    expect(field(/^Email/).getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's field errors beside their fields", async () => {
    mockFetch(() => json({ message: 'Message can be at most 5,000 characters', errors: { message: 'Message can be at most 5,000 characters' } }, 400));
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(description(screen.getByLabelText(/^Message/))).toBe('Message can be at most 5,000 characters'));
    expect(screen.getByLabelText(/^Message/).getAttribute('aria-invalid')).toBe('true');
  });

  it('goes idle → sending → success: "Sending..." disabled, then a toast and an empty form', async () => {
    const answer = deferred<Response>();
    const { calls } = mockFetch(() => answer.promise);
    const onSubmitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ContactForm apiBase="https://atrium.test/" onSubmitted={onSubmitted} />);
    fillRequired();
    fill(field(/^School or company/), 'Hill Primary');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(calls).toEqual([
      {
        url: 'https://atrium.test/api/contact',
        method: 'POST',
        body: {
          name: 'Grace Hopper',
          email: 'grace@school.test',
          company: 'Hill Primary',
          message: 'We would like a quote for 40 staff.',
          source: 'landing',
        },
      },
    ]);

    answer.resolve(json({ message: "Thank you for your message! We'll get back to you within 30 minutes." }, 201));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Message sent!'));
    expect(screen.getByRole('status').textContent).toContain("We'll get back to you within 30 minutes.");
    expect(field(/^Name/).value).toBe('');
    expect(field(/^School or company/).value).toBe('');
    expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onSubmitted).toHaveBeenCalledWith({ message: "Thank you for your message! We'll get back to you within 30 minutes." });
  });

  it('shows the server message on a refused message and keeps the form', async () => {
    mockFetch(() => json({ message: 'Please enter a valid email address' }, 400));
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error'));
    expect(screen.getByRole('alert').textContent).toContain('Please enter a valid email address');
    expect(field(/^Name/).value).toBe('Grace Hopper');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('says "Failed to send message" when the server gave no message', async () => {
    mockFetch(() => new Response('', { status: 502 }));
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to send message'));
  });

  it('reports a network failure as "Network error" with the reason', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const onFailed = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ContactForm onFailed={onFailed} />);
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Network error: Failed to fetch'));
    expect(onFailed).toHaveBeenCalledWith({ message: 'Network error: Failed to fetch' });
  });

  it('hands toasts to the host app instead of showing them when onNotify is given', async () => {
    mockFetch(() => json({ message: 'Thanks!' }, 201));
    const onNotify = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ContactForm onNotify={onNotify} />);
    fillRequired();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(onNotify).toHaveBeenCalledWith({ title: 'Message sent!', description: 'Thanks!', variant: 'success' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dismisses the toast after 5 seconds', async () => {
    vi.useFakeTimers();
    mockFetch(() => json({ message: 'Thanks!' }, 201));
    render(<ContactForm />);
    fireEvent.change(field(/^Name/), { target: { value: 'Grace' } });
    fireEvent.change(field(/^Email/), { target: { value: 'grace@school.test' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Hello' } });
    fireEvent.submit(field(/^Name/).form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toContain('Message sent!');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ContactForm on a page the server drew', () => {
  it('sends what was typed before the app loaded, instead of emptying the fields', async () => {
    const { fetchMock } = mockFetch(() => json({ message: 'Thanks, we will reply soon.' }, 201));
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    const typed = { name: 'Grace Hopper', email: 'grace@school.test', message: 'Typed before the app loaded.' };
    for (const [name, value] of Object.entries(typed)) (container.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
    await act(async () => {
      hydrateRoot(container, <ContactForm />);
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject(typed);
    expect(screen.queryByText(/is required/)).toBeNull();
    container.remove();
  });
});
