import { useEffect, useRef, useState } from 'react';

/** The width of the element `ref` is put on, kept up to date as it resizes (a fallback where nothing measures). */
export function useWidth<E extends HTMLElement>(fallback = 640) {
  const ref = useRef<E | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.clientWidth > 0) setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
