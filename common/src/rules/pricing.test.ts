import { describe, expect, it } from 'vitest';
import type { Currency, PriceList } from './currency.ts';
import { freeCourseMessage, priceFor, priceListOf } from './pricing.ts';

const isFree = (prices: PriceList, currency: Currency) => priceFor(prices, currency).free;

describe('priceFor(…).free', () => {
  const mixed = { GBP: 49900, USD: 0 };

  it('asks per currency: a course free in dollars costs £499 in pounds', () => {
    expect(isFree(mixed, 'USD')).toBe(true);
    expect(isFree(mixed, 'GBP')).toBe(false);
    expect(priceFor(mixed, 'USD')).toEqual({ amount: 0, currency: 'USD', fallback: false, free: true });
  });

  it('asks in pounds for a currency the course has no price in, as every screen shows it', () => {
    expect(priceFor(mixed, 'EUR')).toEqual({ amount: 49900, currency: 'GBP', fallback: true, free: false });
    expect(isFree({ GBP: 0, USD: 59900 }, 'EUR')).toBe(true);
    expect(isFree({ GBP: 0, USD: 59900 }, 'USD')).toBe(false);
  });

  it('reads an answer that carries only the GBP price', () => {
    expect(isFree(priceListOf({ price: 0 }), 'USD')).toBe(true);
    expect(isFree(priceListOf({ price: '49900' }), 'GBP')).toBe(false);
    expect(priceListOf({ price: 49900, prices: mixed })).toBe(mixed);
  });

  it('names the currency when it refuses a purchase', () => {
    expect(freeCourseMessage('USD')).toBe('This course is free in US dollars: enroll from the course page');
  });
});
