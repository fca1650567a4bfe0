import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from 'styled-components';
import { theme } from '@atrium/common/ui/theme';
import { CharacterCount } from './CharacterCount.tsx';

describe('CharacterCount', () => {
  it('counts the text as the schemas do and says how far over the limit it is', () => {
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <CharacterCount value="  hello " max={2000} />
      </ThemeProvider>,
    );
    expect(screen.getByText('5 / 2,000 characters')).toBeInTheDocument();
    rerender(
      <ThemeProvider theme={theme}>
        <CharacterCount value={'x'.repeat(6000)} max={2000} />
      </ThemeProvider>,
    );
    expect(screen.getByText('6,000 / 2,000 characters (4,000 over the limit)')).toHaveAttribute('aria-live', 'polite');
  });
});
