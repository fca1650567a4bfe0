import { useCallback, useEffect, useRef, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant: 'success' | 'error';
}

/** SPEC §4 and §9: one toast at a time, a new one replaces the old, shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

export function useToast(duration = TOAST_DURATION_MS) {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const counter = useRef(0);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), duration);
    return () => clearTimeout(timer);
  }, [toast, duration]);

  const show = useCallback((message: ToastMessage) => {
    counter.current += 1;
    setToast({ ...message, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}
