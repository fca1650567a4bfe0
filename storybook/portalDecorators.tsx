import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { Currency } from '@atrium/common/rules/currency';
import { theme } from '@atrium/common/ui/theme';
import { FixedCurrencyProvider } from '../portal/src/api/currency.ts';
import { ToastProvider } from '../portal/src/components/toast/Toaster.tsx';
import { GlobalStyle } from '../portal/src/styles/GlobalStyle.ts';

/**
 * What a portal view gets from the app around it, without a QueryClient or a session: the theme
 * and base styles, a router (views render links; `parameters.route` sets the address), the toast
 * system and the shown currency (`parameters.currency`, pounds unless a story says otherwise).
 * A view that needed more would be reaching for data: give it a prop instead.
 */
export const portalTheme: Decorator = (Story, context) => {
  const parameters = context.parameters as { route?: string; currency?: Currency };
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <MemoryRouter initialEntries={[parameters.route ?? '/']}>
        <ToastProvider>
          <FixedCurrencyProvider currency={parameters.currency ?? 'GBP'}>
            <Story />
          </FixedCurrencyProvider>
        </ToastProvider>
      </MemoryRouter>
    </ThemeProvider>
  );
};
