import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { TOAST_DURATION, ToastProvider, useToast, type ToastInput } from './Toaster.tsx';

function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

/** The toast API as a component under the provider sees it. */
const renderToaster = () => renderHook(() => useToast(), { wrapper: Providers }).result;

/** A toast, once its lazily loaded layer has arrived. */
async function showToast(api: { current: ReturnType<typeof useToast> }, input: ToastInput) {
  act(() => void api.current.toast(input));
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('shows one toast at a time: a new one replaces the older', async () => {
    const api = renderToaster();
    await showToast(api, { title: 'First' });
    await showToast(api, { title: 'Second', description: 'Details' });
    expect(screen.queryByText('First', { selector: 'div' })).not.toBeInTheDocument();
    expect(screen.getByText('Second', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByText('Details', { selector: 'div' })).toBeInTheDocument();
  });

  it('closes after 5 seconds', async () => {
    const api = renderToaster();
    await showToast(api, { title: 'Saved' });
    expect(TOAST_DURATION).toBe(5000);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Saved', { selector: 'div' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByText('Saved', { selector: 'div' })).not.toBeInTheDocument();
  });

  it('has a notifications region reachable with F8 once there is something to announce', async () => {
    const api = renderToaster();
    // Radix Toast loads with the first toast (the landing page's first load has a budget).
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
    await showToast(api, { title: 'Saved' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('refuses to be used outside its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within a ToastProvider');
    spy.mockRestore();
  });
});
