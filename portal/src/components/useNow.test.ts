import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('reads the current time and moves on every 30 seconds while mounted', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    const { result, unmount } = renderHook(() => useNow());
    expect(result.current).toBe(Date.parse('2026-11-25T10:00:00Z'));

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(result.current).toBe(Date.parse('2026-11-25T10:00:00Z'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toBe(Date.parse('2026-11-25T10:00:30Z'));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands a first reader after a quiet spell the current time, not the last tick', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const { result } = renderHook(() => useNow());
    expect(result.current).toBe(Date.parse('2026-11-25T12:00:00Z'));
  });
});
