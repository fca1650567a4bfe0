import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';
import { usePublicConfig } from '../api/config.ts';

const BrandName = createContext<string | null>(null);

/**
 * The brand name, read once for the whole app (AppProviders): a page names itself with
 * usePageTitle without reaching for a query, so a view that sets its title renders with no
 * QueryClient (in Storybook the title is the page's alone).
 */
export function BrandNameProvider({ children }: { children: ReactNode }) {
  const brand = usePublicConfig().data?.brandName ?? null;
  return createElement(BrandName.Provider, { value: brand }, children);
}

/** Sets the document title to "Page · Brand" so tabs, history and screen readers name the page. */
export function usePageTitle(title: string | null | undefined) {
  const brand = useContext(BrandName);
  useEffect(() => {
    const parts = [title, brand].filter(Boolean);
    if (parts.length) document.title = parts.join(' · ');
  }, [title, brand]);
}
