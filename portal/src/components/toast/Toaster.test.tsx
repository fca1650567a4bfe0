import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@atrium/common/ui/theme';
import { TOAST_DURATION, ToastProvider, useToast } from './Toaster.tsx';

function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}

/** The toast API as a component under the provider sees it. */
const renderToaster = () => renderHook(() => useToast(), { wrapper: Providers }).result;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('shows one toast at a time: a new one replaces the older', () => {
    const api = renderToaster();
    act(() => void api.current.toast({ title: 'First' }));
    act(() => void api.current.toast({ title: 'Second', description: 'Details' }));
    expect(screen.queryByText('First', { selector: 'div' })).not.toBeInTheDocument();
    expect(screen.getByText('Second', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByText('Details', { selector: 'div' })).toBeInTheDocument();
  });

  it('closes after 5 seconds', async () => {
    const api = renderToaster();
    act(() => void api.current.toast({ title: 'Saved' }));
    expect(TOAST_DURATION).toBe(5000);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Saved', { selector: 'div' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByText('Saved', { selector: 'div' })).not.toBeInTheDocument();
  });

  it('has a notifications region reachable with F8', () => {
    renderToaster();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('refuses to be used outside its provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within a ToastProvider');
    spy.mockRestore();
  });
});
