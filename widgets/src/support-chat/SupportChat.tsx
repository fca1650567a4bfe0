import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import type { Currency } from '@atrium/common/rules/currency';
import { Launcher } from './Launcher.tsx';

const loadPanel = () => import('./SupportChatPanel.tsx');
const SupportChatPanel = lazy(() => loadPanel().then((module) => ({ default: module.SupportChatPanel })));

export interface SupportChatProps {
  /** Origin of the Atrium API; empty means the page's own origin (the portal). */
  apiBase?: string;
  onOpenChange?: (open: boolean) => void;
  /** The currency the page shows prices in, for the bot's price answer; the browser's locale when absent. */
  currency?: Currency;
  /**
   * Where the launcher takes the visitor on a page the server drew, until the app has hydrated it
   * (a link, since a button does nothing before then): the portal's landing page sends them to its
   * contact form (`#contact`). The app then turns it into the button that opens the chat.
   */
  fallbackHref?: string;
}

/**
 * The support widget as the portal renders it: the launcher now, the panel's code only once the
 * visitor shows interest (hover, focus or click). The <atrium-support-chat> element does the
 * same with a plain launcher so that its first script stays tiny.
 */
export function SupportChat({ apiBase = '', onOpenChange, currency, fallbackHref }: SupportChatProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  // A failed warm-up is retried by the click, which shows the error to React.
  const warmUp = useCallback(() => {
    loadPanel().catch(() => undefined);
  }, []);
  const setOpenState = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next) setWanted(true);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  return (
    <>
      {wanted && (
        <Suspense fallback={null}>
          <SupportChatPanel apiBase={apiBase} currency={currency} open={open} onClose={() => setOpenState(false)} />
        </Suspense>
      )}
      <Launcher open={open} href={hydrated ? undefined : fallbackHref} onWarmUp={warmUp} onToggle={() => setOpenState(!open)} />
    </>
  );
}

const noChange = () => () => {};

/**
 * False in the server's render and while React adopts that markup (hydration), true from then on
 * and in a render of the browser's own: React renders with the server's answer while hydrating,
 * so the markup matches, then renders again with the browser's.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
