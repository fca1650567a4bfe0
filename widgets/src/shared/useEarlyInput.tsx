import { useEffect, useRef } from 'react';

/**
 * For a control the server draws (the landing page, a learner's dashboard): a visitor can type or
 * choose in it before the app has loaded, and hydration keeps that in the element but not in the
 * app's state, so the next render would put the drawn value back. `adopt` runs once, after the
 * first render, to hand on what the elements hold where it differs from what was drawn; on a page
 * the app drew itself they always agree and it hands on nothing. (A `.tsx` module, as the
 * package's exports map names them.)
 */
export function useEarlyInput(adopt: () => void): void {
  const first = useRef({ adopt, done: false });
  useEffect(() => {
    if (first.current.done) return;
    first.current.done = true;
    first.current.adopt();
  }, []);
}
