import { describe, expect, it } from 'vitest';
import { collectFormattedMoney, currencyForLocales, formatMoney, parseAcceptLanguage, priceIn, rememberFormattedMoney } from './currency.ts';

describe('currencyForLocales', () => {
  it.each([
    ['en-US,en;q=0.9', 'USD'],
    ['es-US', 'USD'],
    ['en-GB,en;q=0.9', 'GBP'],
    ['de-DE,de;q=0.9,en;q=0.8', 'EUR'],
    ['fr', 'EUR'],
    ['en-IE', 'EUR'],
    ['nl-BE', 'EUR'],
    ['en', 'GBP'],
    ['ja-JP', 'GBP'],
    ['en;q=0.5,en-US;q=0.9', 'USD'],
    ['', 'GBP'],
  ])('%s → %s', (header, currency) => {
    expect(currencyForLocales(header)).toBe(currency);
  });

  it("takes the browser's list too, and ignores junk", () => {
    expect(currencyForLocales(['en-US', 'en'])).toBe('USD');
    expect(currencyForLocales(undefined)).toBe('GBP');
    expect(parseAcceptLanguage('*, <script>, en-US;q=0')).toEqual([]);
  });
});

describe('formatMoney', () => {
  it("writes minor units in the currency and the reader's locale", () => {
    expect(formatMoney(49900, 'GBP', 'en-GB')).toBe('£499.00');
    expect(formatMoney(59900, 'USD', 'en-US')).toBe('$599.00');
    expect(formatMoney(54900, 'EUR', 'de-DE')).toBe('549,00\u00a0€');
    expect(formatMoney(149900, 'GBP')).toBe('£1,499.00');
    expect(formatMoney(100, 'EUR', 'not a locale')).toBe('€1.00');
  });
});

describe('priceIn', () => {
  it('falls back to GBP, and says so, when the course has no price in the chosen currency', () => {
    expect(priceIn({ GBP: 49900, USD: 59900 }, 'USD')).toEqual({ amount: 59900, currency: 'USD', fallback: false });
    expect(priceIn({ GBP: 49900 }, 'EUR')).toEqual({ amount: 49900, currency: 'GBP', fallback: true });
    expect(priceIn({ GBP: 0, USD: 0 }, 'USD')).toEqual({ amount: 0, currency: 'USD', fallback: false });
  });
});

describe('formatted money written by the server', () => {
  it('collects what formatMoney writes during a render, and gives it back as written afterwards', () => {
    const stop = collectFormattedMoney();
    expect(formatMoney(49900, 'GBP', 'en-GB')).toBe('£499.00');
    expect(formatMoney(1999, 'usd', 'en-US')).toBe('$19.99');
    const money = stop();
    expect(money).toEqual({ 'en-GB|GBP|49900': '£499.00', 'en-US|USD|1999': '$19.99' });
    // Nothing more is collected once stopped.
    formatMoney(100, 'EUR', 'en-IE');
    expect(stop()).toEqual(money);

    // A browser given the page's amounts writes exactly them (here visibly so), and formats the rest.
    rememberFormattedMoney({ 'en-GB|GBP|12300': 'written by the server', ['x'.repeat(80)]: 'ignored' });
    expect(formatMoney(12300, 'GBP', 'en-GB')).toBe('written by the server');
    expect(formatMoney(12300, 'GBP', 'en-US')).toBe('£123.00');
  });
});
