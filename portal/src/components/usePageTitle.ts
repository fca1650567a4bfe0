import { useEffect } from 'react';
import { usePublicConfig } from '../api/config.ts';

/** Sets the document title to "Page · Brand" so tabs, history and screen readers name the page. */
export function usePageTitle(title: string | null | undefined) {
  const brand = usePublicConfig().data?.brandName;
  useEffect(() => {
    const parts = [title, brand].filter(Boolean);
    if (parts.length) document.title = parts.join(' · ');
  }, [title, brand]);
}
