import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

// Radix Toast and the toasts' styles arrive with the first toast: most first visits never see one,
// and the landing page's first load has a budget (scripts/first-load-size.mjs).
const ToastLayer = lazy(async () => ({ default: (await import('./ToastLayer.tsx')).ToastLayer }));

/** SPEC §4 and §9: one toast at a time, 5 s on screen, kept 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastApi {
  toast(input: ToastInput): number;
  dismiss(id?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The portal's one toast system (Radix Toast): every screen and shared widget notifies here. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const removals = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const timers = removals.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const scheduleRemoval = useCallback((id: number) => {
    if (removals.current.has(id)) return;
    removals.current.set(
      id,
      setTimeout(() => {
        removals.current.delete(id);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, TOAST_REMOVE_DELAY),
    );
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setToasts((current) => current.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
      if (id !== undefined) scheduleRemoval(id);
    },
    [scheduleRemoval],
  );

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    // A new toast replaces the older one.
    setToasts((current) => [{ ...input, id, open: true }, ...current].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* A dismissed toast stays in the list (TOAST_REMOVE_DELAY), so the layer outlives its exit animation. */}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastLayer toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
