import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { theme } from '@atrium/common/ui/theme';

/**
 * Portal components read their tokens from styled-components' theme (the widgets use CSS custom
 * properties instead, so this stays out of their decorators) and may render router links.
 */
export const portalTheme: Decorator = (Story) => (
  <ThemeProvider theme={theme}>
    <MemoryRouter>
      <Story />
    </MemoryRouter>
  </ThemeProvider>
);
