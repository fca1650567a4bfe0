import { useEffect } from 'react';

/** Marks the copy of the current history entry pushed while a guard is on (see useLeaveGuard). */
const GUARD = 'atriumLeaveGuard';

const onGuardEntry = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD]);

/**
 * While `active`, leaving the page asks first with `message`. The portal routes declaratively
 * (BrowserRouter: react-router's blocker needs its data router), so the ways out are each caught:
 * - closing, reloading or typing an address: the browser's own `beforeunload` question;
 * - a link in the app: its click is caught before React Router sees it, and `confirm` decides;
 * - Back and Forward: a copy of the current entry is pushed while the guard is on, so Back first
 *   lands on this same page, and `confirm` decides whether to go on back.
 * Navigation done in code (`navigate()`) is not caught: a page that guards does not do that.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      // Another site is asked about by beforeunload; a link within the page leaves nothing.
      if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const guardState = { ...((window.history.state as Record<string, unknown> | null) ?? {}), [GUARD]: true };
    window.history.pushState(guardState, '', window.location.href);
    let leaving = false;
    const onPopState = () => {
      if (leaving || onGuardEntry()) return;
      if (window.confirm(message)) {
        leaving = true;
        window.history.back();
      } else window.history.pushState(guardState, '', window.location.href);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      // The guard came off on this page (the uploads finished): its copy of the entry goes too.
      if (!leaving && onGuardEntry()) window.history.back();
    };
  }, [active, message]);
}
