import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBatchedReveal } from './useBatchedReveal.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useBatchedReveal', () => {
  it('draws the first few at once, then a batch per task until all are shown, then stops', async () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const { result, unmount } = renderHook(() => {
      const shown = useBatchedReveal(21, 4, 8);
      seen.push(shown);
      return shown;
    });
    expect(seen[0]).toBe(4);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(result.current).toBe(12);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(result.current).toBe(20);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(result.current).toBe(21);
    expect(vi.getTimerCount()).toBe(0);
    // Never more than one batch per step.
    expect(new Set(seen)).toEqual(new Set([4, 12, 20, 21]));
    unmount();
  });

  it('follows a list that shrinks or grows', async () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ total }) => useBatchedReveal(total, 4, 8), { initialProps: { total: 3 } });
    expect(result.current).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 30 });
    for (let step = 0; step < 4; step += 1) await act(() => vi.advanceTimersToNextTimerAsync());
    expect(result.current).toBe(30);
    expect(vi.getTimerCount()).toBe(0);
    rerender({ total: 10 });
    expect(result.current).toBe(10);
  });

  it('leaves no timer behind when unmounted mid-way', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useBatchedReveal(100, 4, 8));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
