import { createContext, createElement, useCallback, useContext, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencyChoiceDto } from '@atrium/common/api/payments';
import { currencyForLocales, type Currency } from '@atrium/common/rules/currency';
import { api } from './client.ts';
import { invalidatePaths } from './invalidate.ts';
import { USER_KEY } from './session.ts';

export const CURRENCY_KEY = ['/api/currency'] as const;

/** The browser's own guess, the same rule the server applies to Accept-Language. */
const browserCurrency = (): Currency => currencyForLocales(typeof navigator === 'undefined' ? [] : navigator.languages);

const ShownCurrency = createContext<Currency | null>(null);

/** Asks GET /api/currency once (the visitor's choice, else their locale) for everything below it. */
export function ShownCurrencyProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery<CurrencyChoiceDto>({ queryKey: CURRENCY_KEY, staleTime: Infinity });
  return createElement(ShownCurrency.Provider, { value: data?.currency ?? null }, children);
}

/**
 * A currency given rather than asked for: Storybook's decorator shows a view's prices in it, with
 * no QueryClient (storybook/portalDecorators.tsx).
 */
export function FixedCurrencyProvider({ currency, children }: { currency: Currency; children: ReactNode }) {
  return createElement(ShownCurrency.Provider, { value: currency }, children);
}

/** The currency prices are shown in: the server's answer, the browser's locale until it comes. */
export function useShownCurrency(): Currency {
  return useContext(ShownCurrency) ?? browserCurrency();
}

/**
 * PUT /api/currency: kept in a cookie and on a signed-in user's profile. Every answer that
 * carries prices in the chosen currency (courses, the dashboard, checkout) is fetched again.
 * A plain call rather than useMutation: the switcher is on the landing page's first screen, whose
 * first load has a budget (scripts/first-load-size.mjs).
 */
export function useChooseCurrency() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Currency | null>(null);
  const choose = useCallback(
    async (currency: Currency) => {
      setPending(currency);
      try {
        const choice = await api.put<CurrencyChoiceDto>('/api/currency', { currency });
        queryClient.setQueryData(CURRENCY_KEY, choice);
        // The checkout's payment intent is keyed by its name, which a path covers as it does an API path.
        // A signed-in user's profile keeps the choice too; a visitor has none to read again (its 401
        // would only be a console error in the browser).
        const signedIn = queryClient.getQueryData(USER_KEY) != null;
        await invalidatePaths(queryClient, ['/api/courses', '/api/dashboard', ...(signedIn ? ['/api/user'] : []), 'payment-intent']);
      } finally {
        setPending(null);
      }
    },
    [queryClient],
  );
  return { choose, pending };
}
