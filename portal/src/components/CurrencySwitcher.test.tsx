import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { theme } from '@atrium/common/ui/theme';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '@atrium/common/rules/currency';
import { CurrencySelect } from './CurrencySwitcher.tsx';

const drawn = (onChoose: (currency: Currency) => void) => (
  <ThemeProvider theme={theme}>
    <CurrencySelect value="USD" pending={false} onChoose={onChoose} />
  </ThemeProvider>
);

/** The server's markup of `ui` in the document, its select set to `chosen` as a visitor would, then adopted by React. */
async function hydrateAfterChoosing(ui: (onChoose: (currency: Currency) => void) => ReactElement, chosen: Currency | null) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui(() => undefined));
  document.body.append(container);
  if (chosen) container.querySelector('select')!.value = chosen;
  const onChoose = vi.fn<(currency: Currency) => void>();
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, ui(onChoose));
  });
  return { onChoose, container, unmount: () => act(() => root!.unmount()) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the currency switcher on a page the server drew', () => {
  it('makes the choice a visitor made before the app had loaded, once, as the app adopts the page', async () => {
    const page = await hydrateAfterChoosing(drawn, 'GBP');
    expect(page.onChoose.mock.calls).toEqual([['GBP']]);
    expect(page.container.querySelector('select')!.value).toBe('GBP');
    page.unmount();
  });

  it('chooses nothing when the select still shows what the server drew', async () => {
    const page = await hydrateAfterChoosing(drawn, null);
    expect(page.onChoose).not.toHaveBeenCalled();
    // Nor does the browser put an older choice back into it on Back.
    expect(page.container.querySelector('select')!.getAttribute('autocomplete')).toBe('off');
    page.unmount();
  });
});
