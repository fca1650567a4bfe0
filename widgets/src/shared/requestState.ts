import { useCallback, useState } from 'react';

/**
 * The state shown for one request, named by a key of everything that starts it (inputs, retry
 * count). An answer is kept with the key it answers, so a new key reads as `pending` at once,
 * derived during render rather than reset by a setState in the effect that fetches
 * (https://react.dev/learn/you-might-not-need-an-effect), and a late answer to an old key is
 * never shown for the new one.
 */
export function useRequestState<S>(key: string, pending: S): [state: S, settle: (answeredKey: string, state: S) => void] {
  const [answer, setAnswer] = useState<{ key: string; state: S } | null>(null);
  const settle = useCallback((answeredKey: string, state: S) => setAnswer({ key: answeredKey, state }), []);
  return [answer?.key === key ? answer.state : pending, settle];
}
