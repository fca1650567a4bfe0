import { lazy, Suspense, useCallback, useState } from 'react';
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
}

/**
 * The support widget as the portal renders it: the launcher now, the panel's code only once the
 * visitor shows interest (hover, focus or click). The <atrium-support-chat> element does the
 * same with a plain launcher so that its first script stays tiny.
 */
export function SupportChat({ apiBase = '', onOpenChange, currency }: SupportChatProps) {
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
      <Launcher open={open} onWarmUp={warmUp} onToggle={() => setOpenState(!open)} />
    </>
  );
}
