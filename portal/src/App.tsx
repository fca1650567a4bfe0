import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@atrium/common/ui/theme';
import { ShownCurrencyProvider } from './api/currency.ts';
import { ToastProvider } from './components/toast/Toaster.tsx';
import { BrandNameProvider } from './components/usePageTitle.ts';
import { AuthProvider } from './session/AuthProvider.tsx';
import { GlobalStyle } from './styles/GlobalStyle.ts';

/** Every provider the portal needs, in one place (tests wrap scenes with it too). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <ShownCurrencyProvider>
              <BrandNameProvider>{children}</BrandNameProvider>
            </ShownCurrencyProvider>
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
