import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `first` at once, then `batch` more after each commit, as a
 * transition (interruptible, below input) in a task of its own. A catalogue can hold a hundred
 * courses; drawing them in one commit blocks a phone's main thread for half a second, while a
 * batch at a time leaves it free for taps in between, and the whole list is there within a second
 * (for find-in-page and screen readers, which a list drawn only on scroll would fail).
 */
export function useBatchedReveal(total: number, first: number, batch: number): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => Math.min(total, count + batch))), 0);
    return () => clearTimeout(timer);
  }, [shown, total, batch]);
  return Math.min(shown, total);
}
