import { useSyncExternalStore } from 'react';

/** How old the time a component reads may be: fine for "overdue after 30 minutes". */
const TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

// Renders must be pure, so the clock is a store: the same time until it is TICK_MS old, then
// the current one (a first reader after a quiet spell is not handed an old time). A clock set
// back (by the system or a test's fake timers) counts as a change too.
function getSnapshot() {
  if (Math.abs(Date.now() - now) >= TICK_MS) now = Date.now();
  return now;
}

/** The current time in ms, read purely during render and refreshed every 30 seconds. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot);
}
